package lab.vthreads.gatling;

import io.gatling.core.config.GatlingConfiguration;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class GatlingConfigurationTest {

    @Test
    void noRequestLeavesTheMachineToWarmGatlingsHttpStack() {
        // Loaded as a simulation's run loads it: this module's gatling.conf over Gatling's defaults.
        GatlingConfiguration configuration = GatlingConfiguration.load();

        assertThat(configuration.http().warmUpUrl().isEmpty()).as("gatling.http.warmUpUrl: %s", configuration.http().warmUpUrl()).isTrue();
    }
}
