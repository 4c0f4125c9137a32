package dev.llmproxy.application.proxy;

import dev.llmproxy.application.json.JsonCodec;
import dev.llmproxy.testing.Refused;
import jakarta.json.JsonObject;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/** Chat's tools read once, typed, or refused by name at the door. */
class ToolsReaderTest {

    private static Tools read(String json) {
        return ToolsReader.read((JsonObject) JsonCodec.read(json.replace('\'', '"')));
    }

    /** Asserts that {@code json} is refused with a 400 naming {@code param}. */
    private static void refused(String json, String param) {
        Refused.naming(param, () -> read(json));
    }

    @Test
    void functionsTheirChoiceAndParallelCallsAreReadAsTheCallerGaveThem() {
        Tools tools = read("{'tools':[{'type':'function','function':{'name':'weather','description':'Looks it up',"
                + "'parameters':{'type':'object'}},'cache_control':{'type':'ephemeral'}},"
                + "{'type':'function','function':{'name':'bare'}}],"
                + "'tool_choice':{'type':'function','function':{'name':'weather'}},'parallel_tool_calls':false}");

        assertThat(tools.functions()).extracting(Tools.Function::name).containsExactly("weather", "bare");
        assertThat(tools.functions().get(0).description()).isEqualTo("Looks it up");
        assertThat(tools.functions().get(0).parameters()).isEqualTo(JsonCodec.read("{\"type\":\"object\"}"));
        assertThat(tools.functions().get(0).cacheMark()).isEqualTo(JsonCodec.read("{\"type\":\"ephemeral\"}"));
        assertThat(tools.functions().get(1).parameters()).isNull();
        assertThat(tools.choice()).isEqualTo(new Tools.Choice(Tools.Choice.Mode.NAMED, "weather"));
        assertThat(tools.forced()).isTrue();
        assertThat(tools.parallel()).isFalse();
    }

    @Test
    void theWordsOfAChoiceAndNoneAtAll() {
        assertThat(read("{'tool_choice':'required'}").forced()).isTrue();
        assertThat(read("{'tool_choice':'none'}").choice().mode()).isEqualTo(Tools.Choice.Mode.NONE);
        assertThat(read("{'tool_choice':'auto'}").forced()).isFalse();
        assertThat(read("{}")).isEqualTo(Tools.NONE);
        assertThat(read("{'tools':null,'tool_choice':null}")).isEqualTo(Tools.NONE);
    }

    @Test
    void toolsOfOtherTypesAreLeftToTheServerThatTakesThem() {
        Tools tools = read("{'tools':[{'type':'custom','custom':{'name':'grammar'}}],"
                + "'tool_choice':{'type':'allowed_tools','allowed_tools':{'mode':'auto','tools':[]}}}");
        assertThat(tools.functions()).isEmpty();
        assertThat(tools.choice()).isNull();
    }

    @Test
    void whatNoProviderCouldReadIsRefusedByName() {
        refused("{'tools':{}}", "tools");
        refused("{'tools':[1]}", "tools[0]");
        refused("{'tools':[{'type':'function'}]}", "tools[0].function");
        refused("{'tools':[{'type':'function','function':{'name':' '}}]}", "tools[0].function.name");
        refused("{'tools':[{'type':'function','function':{'name':'f','parameters':'{}'}}]}",
                "tools[0].function.parameters");
        refused("{'tool_choice':'always'}", "tool_choice");
        refused("{'tool_choice':7}", "tool_choice");
        refused("{'tool_choice':{'type':'function','function':{}}}", "tool_choice.function.name");
    }
}
