package lab.vthreads.lab.compose;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.networknt.schema.JsonSchema;
import com.networknt.schema.JsonSchemaFactory;
import com.networknt.schema.SchemaLocation;
import com.networknt.schema.SchemaValidatorsConfig;
import com.networknt.schema.SpecVersion;
import com.networknt.schema.ValidationMessage;
import org.junit.jupiter.api.Test;

import java.util.Map;
import java.util.Set;

import static org.assertj.core.api.Assertions.assertThat;

/** compose.yaml against the official Compose Specification schema (Debian's docker-compose 1.29 is too old to judge). */
class ComposeSchemaTest {

    static final JsonSchema SCHEMA = load();

    @Test
    void composeYamlIsValidAgainstTheComposeSpecification() {
        Set<ValidationMessage> errors = SCHEMA.validate(toJson(ComposeFile.load()));

        assertThat(errors).isEmpty();
    }

    @Test
    void theSchemaRejectsWhatComposeWouldReject() {
        // Proves the check can fail: an unknown service key and a string where a list belongs.
        Map<String, Object> broken = Map.of("services", Map.of("x", Map.of("image", "a:1", "healthcheck", Map.of("tset", "oops"), "ports", "8080")));

        assertThat(SCHEMA.validate(toJson(broken))).isNotEmpty();
    }

    @Test
    void composeYamlHasNoObsoleteVersionKey() {
        assertThat(ComposeFile.load()).doesNotContainKey("version").containsKey("name");
    }

    private static JsonNode toJson(Map<String, Object> yaml) {
        return new ObjectMapper().valueToTree(yaml);
    }

    // Loaded from its classpath location, so the schema's relative $id ("compose_spec.json") has a base to resolve against.
    private static JsonSchema load() {
        return JsonSchemaFactory.getInstance(SpecVersion.VersionFlag.V7)
                .getSchema(SchemaLocation.of("classpath:compose-spec/compose-spec.json"), SchemaValidatorsConfig.builder().build());
    }
}
