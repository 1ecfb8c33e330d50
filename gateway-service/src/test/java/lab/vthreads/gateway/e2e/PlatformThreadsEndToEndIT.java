package lab.vthreads.gateway.e2e;

import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Timeout;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

@Timeout(value = 5, unit = TimeUnit.MINUTES)
class PlatformThreadsEndToEndIT extends EndToEndIT {

    @DynamicPropertySource
    static void platformThreads(DynamicPropertyRegistry registry) {
        startPessoaService(false, registry);
    }
}
