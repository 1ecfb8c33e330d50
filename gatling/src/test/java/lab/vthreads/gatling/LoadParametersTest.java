package lab.vthreads.gatling;

import com.fasterxml.jackson.databind.JsonNode;
import lab.vthreads.infra.load.LoadProperty;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.util.HashMap;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** The simulations read the properties by the names the lab writes them with, and record them as they were spelled. */
class LoadParametersTest {

    private final Map<String, String> before = new HashMap<>();

    @BeforeEach
    void clear() {
        for (LoadProperty property : LoadProperty.values()) {
            String value = System.clearProperty(property.key());
            if (value != null) before.put(property.key(), value);
        }
    }

    @AfterEach
    void restore() {
        for (LoadProperty property : LoadProperty.values()) System.clearProperty(property.key());
        before.forEach(System::setProperty);
    }

    @Test
    void readsEachPropertyByItsSharedNameAndTypesTheWorkloadAndTheClient() {
        System.setProperty(LoadProperty.USERS.key(), "120");
        System.setProperty(LoadProperty.HOLD.key(), "30");
        System.setProperty(LoadProperty.WORKLOAD.key(), "open");
        System.setProperty(LoadProperty.RATE.key(), "40");
        System.setProperty(LoadProperty.CLIENT.key(), "patient");

        LoadParameters parameters = LoadParameters.fromSystemProperties(10, 5, 60, 5, 1);

        assertThat(parameters.users()).isEqualTo(120);
        assertThat(parameters.holdSeconds()).isEqualTo(30);
        assertThat(parameters.rampUpSeconds()).isEqualTo(5);
        assertThat(parameters.closed()).isFalse();
        assertThat(parameters.rate()).isEqualTo(40.0);
        assertThat(parameters.patient()).isTrue();
    }

    @Test
    void recordsTheWorkloadAndTheClientAsThePropertiesSpellThem() {
        JsonNode recorded = RunRecorder.JSON.valueToTree(LoadParameters.fromSystemProperties(10, 5, 60, 5, 1));

        assertThat(recorded.get("workload").asText()).isEqualTo("closed");
        assertThat(recorded.get("client").asText()).isEqualTo("impatient");
        assertThat(recorded.get("users").asInt()).isEqualTo(10);
    }

    @Test
    void refusesAWorkloadOrClientItDoesNotKnowByTheFlagsName() {
        System.setProperty(LoadProperty.WORKLOAD.key(), "bursty");
        assertThatThrownBy(() -> LoadParameters.fromSystemProperties(10, 5, 60, 5, 1)).hasMessage("-Dworkload must be closed or open, not bursty");
        System.setProperty(LoadProperty.WORKLOAD.key(), "closed");
        System.setProperty(LoadProperty.CLIENT.key(), "eager");
        assertThatThrownBy(() -> LoadParameters.fromSystemProperties(10, 5, 60, 5, 1)).hasMessage("-Dclient must be impatient or patient, not eager");
    }
}
