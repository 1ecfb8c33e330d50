package lab.vthreads.gateway.e2e;

import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

class PlatformThreadsEndToEndTest extends EndToEndTest {

    @DynamicPropertySource
    static void platformThreads(DynamicPropertyRegistry registry) {
        startPessoaService(false, registry);
    }
}
