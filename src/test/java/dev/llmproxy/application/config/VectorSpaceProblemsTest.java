package dev.llmproxy.application.config;

import dev.llmproxy.domain.catalog.AllowedModel;
import dev.llmproxy.domain.config.ConfigValidationException;
import dev.llmproxy.domain.config.Problem;
import dev.llmproxy.domain.config.VectorSpace;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

/** Embedding chains never leave one vector space, and a chat chain never holds an embedding model. */
class VectorSpaceProblemsTest {

    private static String document(String models, String tiers) {
        return "{\"providers\": [{\"name\": \"p\", \"kind\": \"openai\", \"baseUrl\": \"http://h/v1\"}],"
                + "\"models\": [" + models + "], \"tiers\": [" + tiers + "]}";
    }

    private static String model(String name, String space) {
        return "{\"name\": \"" + name + "\", \"provider\": \"p\", \"upstreamModel\": \"" + name + "\""
                + (space == null ? "" : ", \"vectorSpace\": \"" + space + "\"") + "}";
    }

    private static ConfigValidationException rejected(String json) {
        return catchThrowableOfType(() -> ConfigDocument.read(json), ConfigValidationException.class);
    }

    @Test
    void oneSpaceAcrossProvidersIsATier() {
        var config = ConfigDocument.read(document(model("small-a", "te3-small@1536") + "," + model("small-b",
                "te3-small@1536"), "{\"name\": \"embed\", \"chain\": [\"small-a\", \"small-b\"]}"));
        AllowedModel a = config.model("small-a").orElseThrow();
        assertThat(a.embeds()).isTrue();
        assertThat(a.kind()).isEqualTo("embedding");
        assertThat(VectorSpace.dimensions(a.vectorSpace())).isEqualTo(1536);
        assertThat(ConfigDocumentWriter.write(config).getJsonArray("models").getJsonObject(1).getString("vectorSpace"))
                .isEqualTo("te3-small@1536");
    }

    @Test
    void twoSpacesInOneChainAreRefusedSayingWhy() {
        ConfigValidationException e = rejected(document(model("small", "te3-small@1536") + ","
                + model("large", "te3-large@1536"), "{\"name\": \"embed\", \"chain\": [\"small\", \"large\"]}"));
        assertThat(e.found()).singleElement().satisfies(p -> {
            assertThat(p.path()).isEqualTo("tiers[0].chain[1]");
            assertThat(p.message()).contains("te3-large@1536", "te3-small@1536", "cannot be compared");
        });
    }

    @Test
    void chatAndEmbeddingModelsDoNotShareAChain() {
        ConfigValidationException e = rejected(document(model("chat", null) + "," + model("small", "te3-small@1536"),
                "{\"name\": \"t\", \"chain\": [\"chat\", \"small\"]}"));
        assertThat(e.found()).extracting(Problem::message)
                .containsExactly("'small' makes vectors of te3-small@1536 but 'chat' makes chat answers; a tier's chain"
                        + " makes one kind of answer");
    }

    @Test
    void aStandInMustMakeVectorsOfTheSameSpace() {
        String real = "{\"name\": \"small\", \"provider\": \"p\", \"upstreamModel\": \"s\", \"vectorSpace\": "
                + "\"te3-small@1536\", \"localStandIn\": \"nomic\"}";
        ConfigValidationException e = rejected(document(real + "," + model("nomic", "nomic-embed@768"), ""));
        assertThat(e.found()).singleElement().satisfies(p -> {
            assertThat(p.path()).isEqualTo("models[0].localStandIn");
            assertThat(p.message()).contains("nomic-embed@768", "te3-small@1536");
        });
        // said to be of the same space by the admin, it may stand in
        ConfigDocument.read(document(real + "," + model("nomic", "te3-small@1536"), ""));
    }

    @Test
    void aSpaceNamesItsDimensions() {
        for (String bad : new String[] {"te3-small", "@1536", "te3-small@0", "te3 small@12", "x@1234567"}) {
            assertThat(rejected(document(model("m", bad), "")).found()).extracting(Problem::path)
                    .as(bad).containsExactly("models[0].vectorSpace");
        }
        assertThat(VectorSpace.problem("text-embedding-3-small@1536")).isEmpty();
        assertThatThrownBy(() -> VectorSpace.dimensions("nope")).isInstanceOf(IllegalArgumentException.class);
    }
}
