package dev.llmproxy.testing;

import dev.llmproxy.application.json.JsonCodec;
import jakarta.json.JsonArray;
import jakarta.json.JsonArrayBuilder;
import jakarta.json.JsonObject;
import jakarta.json.JsonObjectBuilder;
import jakarta.json.JsonValue;

import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.List;
import java.util.Random;

/**
 * Hostile input of the kinds an attacker, a broken client or a fuzzer sends: valid requests mutated at random (cut,
 * spliced, bytes flipped), nesting far past any limit, numbers of a thousand digits or huge exponents, wrong types,
 * invalid UTF-8, odd escapes, duplicate keys, and malformed credentials. Everything comes from one seeded
 * {@link Random}, so a failing case is reproduced from its seed.
 */
public final class HostileInputs {

    private static final String VALID = "{\"model\":\"fast\",\"stream\":false,\"max_tokens\":64,\"temperature\":0.5,"
            + "\"messages\":[{\"role\":\"system\",\"content\":\"be brief\"},{\"role\":\"user\",\"content\":"
            + "[{\"type\":\"text\",\"text\":\"hello\"}]}],\"tools\":[{\"type\":\"function\",\"function\":{\"name\":\"f\","
            + "\"parameters\":{\"type\":\"object\",\"properties\":{\"a\":{\"type\":\"string\"}}}}}]}";
    private static final List<String> FRAGMENTS = List.of("{", "}", "[", "]", ",", ":", "\"", "\\", "\\u", "\\ud800",
            "null", "true", "false", "-", "0", "1e", "1e999999999", "-0.0e-7", "NaN", "Infinity", "\u0000", "\u2028",
            "\"model\":", "\"messages\":", "\"role\":\"user\"", "\"content\":", "\"stream\":true", "//", "/*", "\uFEFF");

    private static final String VALID_MESSAGES = ("{'model':'fast','max_tokens':64,'stream':false,'system':[{'type':"
            + "'text','text':'be brief'}],'messages':[{'role':'user','content':[{'type':'text','text':'hi'},{'type':"
            + "'image','source':{'type':'base64','media_type':'image/png','data':'AAA='}},{'type':'document','source':"
            + "{'type':'base64','media_type':'application/pdf','data':'JVBE'},'title':'t','citations':"
            + "{'enabled':true}},{'type':'document','source':{'type':'content','content':[{'type':'text',"
            + "'text':'c'}]}}]},{'role':'assistant',"
            + "'content':[{'type':'thinking','thinking':'t','signature':'s'},{'type':'tool_use','id':'toolu_1','name':"
            + "'f','input':{'a':'b'}}]},{'role':'user','content':[{'type':'tool_result','tool_use_id':'toolu_1',"
            + "'content':[{'type':'text','text':'ok'},{'type':'image','source':{'type':'url',"
            + "'url':'https://x/a.png'}}],"
            + "'is_error':false}]}],'tools':[{'name':'f','input_schema':"
            + "{'type':'object'}}],'tool_choice':{'type':'tool','name':'f'},'thinking':{'type':'enabled',"
            + "'budget_tokens':1024},'stop_sequences':['x'],'metadata':{'user_id':'u'}}").replace('\'', '"');
    private static final String VALID_RESPONSES = ("{'model':'fast','instructions':'be brief','input':[{'role':'user',"
            + "'content':[{'type':'input_text','text':'hi'},{'type':'input_image','image_url':'https://x/a.png'}]},"
            + "{'type':'function_call','call_id':'c1','name':'f','arguments':'{}'},{'type':'function_call_output',"
            + "'call_id':'c1','output':'ok'}],'tools':[{'type':'function','name':'f','parameters':{'type':'object'}}],"
            + "'tool_choice':'auto','text':{'format':{'type':'json_schema','name':'n','schema':{'type':'object'}}},"
            + "'reasoning':{'effort':'low'},'max_output_tokens':64,'store':true}").replace('\'', '"');
    private static final String VALID_EMBEDDINGS = ("{'model':'embed','input':['first text',[101,2023,102],'third'],"
            + "'dimensions':256,'encoding_format':'base64','user':'u'}").replace('\'', '"');
    private static final List<String> WRONG = List.of("null", "1", "-1", "0.5", "1e99", "\"\"", "\"x\"", "[]", "{}",
            "true", "[null]", "[{}]", "[1]", "{\"type\":\"x\"}", "{\"type\":\"text\"}", "{\"type\":\"tool_use\"}",
            "{\"type\":\"image\",\"source\":{}}", "{\"type\":\"tool_result\"}", "{\"type\":\"adaptive\"}",
            "{\"type\":\"document\",\"source\":{\"type\":\"text\"}}", "{\"type\":\"content\",\"content\":[1]}",
            "{\"type\":\"enabled\",\"budget_tokens\":99999}");

    private HostileInputs() {
    }

    /** A chat completions request body, more often broken than not. */
    public static byte[] chatBody(Random r) {
        return switch (r.nextInt(12)) {
            case 0 -> deep(r, "{\"model\":\"fast\",\"messages\":[{\"role\":\"user\",\"content\":\"hi\"}],\"x\":");
            case 1 -> longNumber(r);
            case 2 -> ("{\"model\":\"fast\",\"max_tokens\":" + (r.nextBoolean() ? "" : "-") + "1e"
                    + (r.nextBoolean() ? "-" : "") + (1 + r.nextInt(999_999_999)) + ",\"messages\":[{\"role\":\"user\","
                    + "\"content\":\"hi\"}]}").getBytes(StandardCharsets.UTF_8);
            case 3 -> invalidUtf8(r);
            case 4 -> wrongTypes(r).getBytes(StandardCharsets.UTF_8);
            case 5 -> VALID.substring(0, r.nextInt(VALID.length())).getBytes(StandardCharsets.UTF_8);
            case 6 -> randomBytes(r, r.nextInt(300));
            case 7 -> spliced(r).getBytes(StandardCharsets.UTF_8);
            case 8 -> duplicateKeys(r).getBytes(StandardCharsets.UTF_8);
            case 9 -> flipped(r, VALID.getBytes(StandardCharsets.UTF_8));
            case 10 -> ("{\"model\":\"fast\",\"messages\":[{\"role\":\"user\",\"content\":\"" + "x".repeat(r.nextInt(5_000))
                    + "\"}]" + (r.nextBoolean() ? "}" : "} trailing")).getBytes(StandardCharsets.UTF_8);
            default -> VALID.getBytes(StandardCharsets.UTF_8);
        };
    }

    /** A config document for {@code PUT /admin/api/config}. */
    /** An Anthropic Messages body: valid, spliced, flipped, or valid but for one value somewhere in its tree. */
    public static byte[] messagesBody(Random r) {
        return mutated(r, VALID_MESSAGES);
    }

    /** An OpenAI Responses body, mutated the same ways. */
    public static byte[] responsesBody(Random r) {
        return mutated(r, VALID_RESPONSES);
    }

    /** An OpenAI embeddings body, mutated the same ways. */
    public static byte[] embeddingsBody(Random r) {
        return mutated(r, VALID_EMBEDDINGS);
    }

    private static byte[] mutated(Random r, String valid) {
        return switch (r.nextInt(6)) {
            case 0 -> spliced(r, valid).getBytes(StandardCharsets.UTF_8);
            case 1 -> flipped(r, valid.getBytes(StandardCharsets.UTF_8));
            case 2 -> chatBody(r);
            case 5 -> valid.getBytes(StandardCharsets.UTF_8);
            default -> replacedSomewhere(JsonCodec.read(valid), r).toString().getBytes(StandardCharsets.UTF_8);
        };
    }

    /** The value with one node somewhere in it replaced by a value of a wrong type or shape, or removed. */
    private static JsonValue replacedSomewhere(JsonValue v, Random r) {
        if (v instanceof JsonObject o && !o.isEmpty() && r.nextInt(5) != 0) {
            String key = List.copyOf(o.keySet()).get(r.nextInt(o.size()));
            JsonObjectBuilder b = JsonCodec.object(o);
            return r.nextInt(6) == 0 ? b.remove(key).build() : b.add(key, replacedSomewhere(o.get(key), r)).build();
        }
        if (v instanceof JsonArray a && !a.isEmpty() && r.nextInt(5) != 0) {
            int at = r.nextInt(a.size());
            JsonArrayBuilder b = JsonCodec.array();
            for (int i = 0; i < a.size(); i++) {
                b.add(i == at ? replacedSomewhere(a.get(i), r) : a.get(i));
            }
            return b.build();
        }
        return JsonCodec.read(WRONG.get(r.nextInt(WRONG.size())));
    }

    public static String configDocument(Random r) {
        String valid = "{\"providers\":[{\"name\":\"sim\",\"kind\":\"sim\"}],\"models\":[{\"name\":\"m\",\"provider\":\"sim\","
                + "\"upstreamModel\":\"healthy\"}],\"tiers\":[{\"name\":\"t\",\"chain\":[\"m\"]}],\"settings\":"
                + "{\"chainBudgetMs\":1000}}";
        return switch (r.nextInt(5)) {
            case 0 -> new String(deep(r, "{\"settings\":"), StandardCharsets.UTF_8);
            case 1 -> valid.replace("1000", "9".repeat(50 + r.nextInt(2_000)));
            case 2 -> valid.substring(0, r.nextInt(valid.length()));
            case 3 -> valid.replace("\"sim\"", r.nextBoolean() ? "[]" : "{\"a\":1e99999}");
            default -> spliced(r);
        };
    }

    /** An {@code Authorization} header value: Basic and Bearer, well formed or not. */
    public static String authorization(Random r) {
        return switch (r.nextInt(9)) {
            case 0 -> "Basic " + "!#$%&*".charAt(r.nextInt(6)) + "!!";
            case 1 -> "Basic " + Base64.getEncoder().encodeToString("nocolon".getBytes(StandardCharsets.UTF_8));
            case 2 -> "Basic";
            case 3 -> "Basic " + Base64.getEncoder().encodeToString(randomBytes(r, r.nextInt(40)));
            case 4 -> "Basic =" + "A".repeat(r.nextInt(20));
            case 5 -> "Bearer " + "x".repeat(r.nextInt(300));
            case 6 -> "Bearer llmp_" + ascii(r, 12) + "_" + ascii(r, 32);
            case 7 -> ascii(r, r.nextInt(60));
            default -> "basic " + Base64.getEncoder().encodeToString((ascii(r, 5) + ":" + ascii(r, 5))
                    .getBytes(StandardCharsets.UTF_8));
        };
    }

    private static byte[] deep(Random r, String prefix) {
        int depth = 65 + r.nextInt(1_500);
        boolean closed = r.nextBoolean();
        String open = r.nextBoolean() ? "[" : "{\"a\":";
        String close = open.equals("[") ? "]" : "}";
        StringBuilder sb = new StringBuilder(prefix);
        sb.append(open.repeat(depth)).append("1");
        if (closed) {
            sb.append(close.repeat(depth)).append(prefix.isEmpty() ? "" : "}");
        }
        return sb.toString().getBytes(StandardCharsets.UTF_8);
    }

    private static byte[] longNumber(Random r) {
        String digits = "9".repeat(101 + r.nextInt(3_000));
        String field = List.of("max_tokens", "temperature", "n", "seed").get(r.nextInt(4));
        return ("{\"model\":\"fast\",\"" + field + "\":" + digits + (r.nextBoolean() ? ".5" : "")
                + ",\"messages\":[{\"role\":\"user\",\"content\":\"hi\"}]}").getBytes(StandardCharsets.UTF_8);
    }

    private static byte[] invalidUtf8(Random r) {
        byte[] head = "{\"model\":\"fast\",\"messages\":[{\"role\":\"user\",\"content\":\"".getBytes(StandardCharsets.UTF_8);
        byte[] tail = "\"}]}".getBytes(StandardCharsets.UTF_8);
        byte[] bad = {(byte) 0xC3, (byte) 0x28, (byte) 0xFF, (byte) 0xED, (byte) 0xA0, (byte) 0x80, (byte) 0xF8};
        byte[] out = new byte[head.length + 3 + tail.length];
        System.arraycopy(head, 0, out, 0, head.length);
        for (int i = 0; i < 3; i++) {
            out[head.length + i] = bad[r.nextInt(bad.length)];
        }
        System.arraycopy(tail, 0, out, head.length + 3, tail.length);
        return out;
    }

    private static String wrongTypes(Random r) {
        List<String> values = List.of("null", "1", "-1", "\"\"", "[]", "{}", "true", "\"x\"", "[null]", "[1]", "[\"a\"]",
                "[{}]", "[{\"role\":7}]", "[{\"role\":\"user\"}]", "[{\"role\":\"user\",\"content\":{}}]");
        return "{\"model\":" + values.get(r.nextInt(values.size())) + ",\"messages\":" + values.get(r.nextInt(values.size()))
                + ",\"stream\":" + values.get(r.nextInt(values.size())) + ",\"stream_options\":"
                + values.get(r.nextInt(values.size())) + "}";
    }

    private static String spliced(Random r) {
        return spliced(r, VALID);
    }

    private static String spliced(Random r, String valid) {
        StringBuilder sb = new StringBuilder(valid);
        for (int i = 0, n = 1 + r.nextInt(6); i < n; i++) {
            sb.insert(r.nextInt(sb.length() + 1), FRAGMENTS.get(r.nextInt(FRAGMENTS.size())));
        }
        return sb.toString();
    }

    private static String duplicateKeys(Random r) {
        return "{\"model\":\"fast\",\"model\":" + (r.nextBoolean() ? "1" : "\"balanced\"")
                + ",\"messages\":[],\"messages\":[{\"role\":\"user\",\"content\":\"hi\"}],\"stream\":false,\"stream\":\"yes\"}";
    }

    private static byte[] flipped(Random r, byte[] valid) {
        byte[] out = valid.clone();
        for (int i = 0, n = 1 + r.nextInt(4); i < n; i++) {
            out[r.nextInt(out.length)] = (byte) r.nextInt(256);
        }
        return out;
    }

    private static byte[] randomBytes(Random r, int n) {
        byte[] b = new byte[n];
        r.nextBytes(b);
        return b;
    }

    private static String ascii(Random r, int n) {
        StringBuilder sb = new StringBuilder(n);
        for (int i = 0; i < n; i++) {
            sb.append((char) (33 + r.nextInt(94)));
        }
        return sb.toString();
    }
}
