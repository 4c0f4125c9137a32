package dev.llmproxy.application.proxy;

import dev.llmproxy.application.json.JsonCodec;
import dev.llmproxy.testing.Refused;
import jakarta.json.JsonObject;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/** The answer's form read once, typed, or refused by name at the door. */
class ResponseFormatTest {

    private static ResponseFormat read(String json) {
        return ResponseFormat.read((JsonObject) JsonCodec.read(json.replace('\'', '"')));
    }

    /** Asserts that {@code json} is refused with a 400 naming {@code param}. */
    private static void refused(String json, String param) {
        Refused.naming(param, () -> read(json));
    }

    @Test
    void textJsonAndASchemaAreReadAsAsked() {
        assertThat(read("{}")).isEqualTo(ResponseFormat.TEXT);
        assertThat(read("{'response_format':{'type':'text'}}").json()).isFalse();
        assertThat(read("{'response_format':{'type':'json_object'}}").kind())
                .isEqualTo(ResponseFormat.Kind.JSON_OBJECT);
        ResponseFormat schema = read("{'response_format':{'type':'json_schema','json_schema':{'name':'city',"
                + "'schema':{'type':'object'},'strict':true}}}");
        assertThat(schema.kind()).isEqualTo(ResponseFormat.Kind.JSON_SCHEMA);
        assertThat(schema.schema()).isEqualTo(JsonCodec.read("{\"type\":\"object\"}"));
        assertThat(read("{'response_format':{'type':'json_schema','json_schema':{'name':'any'}}}").schema()).isNull();
    }

    @Test
    void whatNoProviderCouldReadIsRefusedByName() {
        refused("{'response_format':'json'}", "response_format.type");
        refused("{'response_format':{'type':'yaml'}}", "response_format.type");
        refused("{'response_format':{'type':'json_schema'}}", "response_format.json_schema");
        refused("{'response_format':{'type':'json_schema','json_schema':{'schema':{}}}}",
                "response_format.json_schema");
        refused("{'response_format':{'type':'json_schema','json_schema':{'name':'n','schema':'{}'}}}",
                "response_format.json_schema.schema");
    }
}
