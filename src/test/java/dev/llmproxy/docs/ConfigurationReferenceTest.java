package dev.llmproxy.docs;

import dev.llmproxy.application.config.DeploymentVariable;
import dev.llmproxy.domain.catalog.AllowedModel;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * {@code docs/configuration.md} holds what the registries hold. When a setting, variable or model field changes, run
 * {@code mvn test -Dtest=ConfigurationReferenceTest -Ddocs.write=true} to write the tables again, and read the diff.
 */
class ConfigurationReferenceTest {

    private static final Path DOC = Path.of("docs/configuration.md");
    private static final Pattern VARIABLE = Pattern.compile(
            "\\b(PROXY_[A-Z_]*[A-Z]|OTEL_[A-Z_]*[A-Z]|[A-Z]+_API_KEY|AZURE_[A-Z_]*[A-Z]|AWS_[A-Z_]*[A-Z]|GOOGLE_[A-Z_]*[A-Z])\\b");
    /** Names of that shape that are no variables: a provider kind's constant and an error code. */
    private static final Set<String> NOT_VARIABLES = Set.of("AZURE_OPENAI", "INVALID_API_KEY");

    @Test
    void theReferenceSaysWhatTheRegistriesSay() throws IOException {
        String doc = Files.readString(DOC);
        String written = doc;
        for (Map.Entry<String, String> block : ConfigurationReference.blocks().entrySet()) {
            String begin = "<!-- generated: " + block.getKey() + " -->\n";
            String end = "<!-- end of generated: " + block.getKey() + " -->";
            int from = written.indexOf(begin);
            int to = written.indexOf(end, from);
            assertThat(from).as("docs/configuration.md has the block " + block.getKey()).isNotNegative();
            assertThat(to).as("docs/configuration.md closes the block " + block.getKey()).isPositive();
            written = written.substring(0, from + begin.length()) + block.getValue().strip() + "\n"
                    + written.substring(to);
        }
        if (Boolean.getBoolean("docs.write")) {
            Files.writeString(DOC, written);
        }
        assertThat(doc).as("docs/configuration.md is out of date: run mvn test -Dtest=ConfigurationReferenceTest "
                + "-Ddocs.write=true").isEqualTo(written);
    }

    @Test
    void everyModelFieldIsExplained() {
        assertThat(ConfigurationReference.MODEL_FIELDS.keySet()).containsExactlyInAnyOrderElementsOf(AllowedModel.FIELDS);
    }

    @Test
    void everyVariableReadIsListedAndEveryListedOneIsRead() throws IOException {
        Set<String> read = new TreeSet<>();
        Path registry = Path.of("src/main/java/dev/llmproxy/application/config/DeploymentVariable.java");
        for (Path root : new Path[] {Path.of("src/main/java"), Path.of("src/main/resources"), Path.of("admin")}) {
            try (Stream<Path> files = Files.walk(root)) {
                files.filter(Files::isRegularFile).filter(p -> !p.equals(registry))
                        .filter(p -> !p.getFileName().toString().endsWith(".md")).forEach(p -> {
                            Matcher m = VARIABLE.matcher(text(p));
                            while (m.find()) {
                                read.add(m.group(1));
                            }
                        });
            }
        }
        read.removeAll(NOT_VARIABLES);
        Set<String> listed = Arrays.stream(DeploymentVariable.values()).map(Enum::name)
                .collect(Collectors.toCollection(TreeSet::new));
        assertThat(read).as("variables read by the code, the server configuration and the kits").isEqualTo(listed);
    }

    private static String text(Path p) {
        try {
            return Files.readString(p, java.nio.charset.StandardCharsets.ISO_8859_1);
        } catch (IOException e) {
            throw new UncheckedIOException(p.toString(), e);
        }
    }
}
