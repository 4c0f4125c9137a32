package dev.llmproxy.infrastructure.upstream.bedrock;

import software.amazon.awssdk.core.SdkSystemSetting;

import java.net.URI;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.logging.Logger;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The region a Bedrock request is signed for: the one its endpoint's host names
 * ({@code bedrock-runtime.eu-west-1.amazonaws.com}, a FIPS or VPC endpoint alike); for a host that names none (a
 * private gateway), the machine's {@code AWS_REGION} (or {@code aws.region}), else us-east-1, said once in the log.
 */
final class BedrockRegions {

    private static final Logger LOG = Logger.getLogger(BedrockRegions.class.getName());
    private static final Pattern HOST = Pattern.compile(
            "(?:.*\\.)?bedrock-runtime(?:-fips)?\\.([a-z]{2}(?:-[a-z]+)+-\\d+)\\.(?:vpce\\.)?amazonaws\\.com(?:\\.cn)?");
    private static final Map<URI, String> REGIONS = new ConcurrentHashMap<>();

    private BedrockRegions() {
    }

    static String of(URI base) {
        return REGIONS.computeIfAbsent(base, BedrockRegions::find);
    }

    /** The region a host names, or null. */
    static String named(String host) {
        Matcher m = HOST.matcher(host == null ? "" : host.toLowerCase(java.util.Locale.ROOT));
        return m.matches() ? m.group(1) : null;
    }

    private static String find(URI base) {
        String named = named(base.getHost());
        if (named != null) {
            return named;
        }
        String region = SdkSystemSetting.AWS_REGION.getStringValue().filter(r -> !r.isBlank()).orElse("us-east-1");
        LOG.info("Bedrock endpoint " + base + " names no region: requests to it are signed for " + region);
        return region;
    }
}
