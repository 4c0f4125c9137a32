package dev.llmproxy.testing;

import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.util.HexFormat;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Signature Version 4 computed by hand from AWS's published steps, to check what the signer sent from the outside:
 * the service and region it signed for, the path encoded twice, the headers it signed and the body's hash.
 */
public final class SigV4Check {

    private static final Pattern AUTHORIZATION = Pattern.compile(
            "AWS4-HMAC-SHA256 Credential=([^/]+)/(\\d{8})/([^/]+)/([^/]+)/aws4_request, SignedHeaders=([^,]+), Signature=([0-9a-f]{64})");

    private SigV4Check() {
    }

    /** The signature AWS would compute for this request; {@code headers} by lower-case name, Host included. */
    public static String expected(String secretKey, String authorization, String rawPath, Map<String, String> headers,
                           byte[] body) throws Exception {
        Matcher m = AUTHORIZATION.matcher(authorization);
        if (!m.matches()) {
            throw new AssertionError("not a SigV4 authorization: " + authorization);
        }
        String date = m.group(2);
        String region = m.group(3);
        String service = m.group(4);
        String signedHeaders = m.group(5);
        StringBuilder canonicalPath = new StringBuilder();
        for (String segment : rawPath.split("/", -1)) {
            if (canonicalPath.length() > 0 || !segment.isEmpty()) {
                canonicalPath.append('/');
            }
            canonicalPath.append(URLEncoder.encode(segment, StandardCharsets.UTF_8).replace("+", "%20"));
        }
        Map<String, String> sorted = new TreeMap<>();
        headers.forEach((k, v) -> sorted.put(k.toLowerCase(Locale.ROOT), v.trim()));
        StringBuilder canonicalHeaders = new StringBuilder();
        for (String name : signedHeaders.split(";")) {
            canonicalHeaders.append(name).append(':').append(sorted.get(name)).append('\n');
        }
        String canonical = "POST\n" + canonicalPath + "\n\n" + canonicalHeaders + "\n" + signedHeaders + "\n" + hex(sha256(body));
        String amzDate = sorted.get("x-amz-date");
        String scope = date + "/" + region + "/" + service + "/aws4_request";
        String toSign = "AWS4-HMAC-SHA256\n" + amzDate + "\n" + scope + "\n" + hex(sha256(canonical.getBytes(StandardCharsets.UTF_8)));
        byte[] key = hmac(("AWS4" + secretKey).getBytes(StandardCharsets.UTF_8), date);
        key = hmac(key, region);
        key = hmac(key, service);
        key = hmac(key, "aws4_request");
        return hex(hmac(key, toSign));
    }

    public static String signature(String authorization) {
        Matcher m = AUTHORIZATION.matcher(authorization);
        return m.matches() ? m.group(6) : null;
    }

    private static byte[] sha256(byte[] data) throws Exception {
        return MessageDigest.getInstance("SHA-256").digest(data);
    }

    private static byte[] hmac(byte[] key, String data) throws Exception {
        Mac mac = Mac.getInstance("HmacSHA256");
        mac.init(new SecretKeySpec(key, "HmacSHA256"));
        return mac.doFinal(data.getBytes(StandardCharsets.UTF_8));
    }

    private static String hex(byte[] bytes) {
        return HexFormat.of().formatHex(bytes);
    }
}
