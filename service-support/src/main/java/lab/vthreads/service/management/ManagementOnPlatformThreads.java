package lab.vthreads.service.management;

import org.springframework.boot.actuate.autoconfigure.web.ManagementContextConfiguration;
import org.springframework.boot.actuate.autoconfigure.web.ManagementContextType;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.tomcat.ConfigurableTomcatWebServerFactory;
import org.springframework.boot.web.server.WebServerFactoryCustomizer;
import org.springframework.context.annotation.Bean;
import org.springframework.core.Ordered;

/**
 * The management port (the lab's Prometheus scrapes, health checks) is served by platform threads in
 * both thread modes, as in platform mode, so that what the lab observes does not depend on the mode it observes.
 *
 * <p>With {@code spring.threads.virtual.enabled} Spring Boot puts the management server on virtual threads too, and
 * they share the carriers with the request load. A service pinned to one CPU has one carrier, and a CPU-bound request
 * never yields it: under cpu-bound's load all but one of pessoa-service's scrapes in the virtual cells' windows timed out (2 s), so its
 * heap, threads and JIT figures were missing from those windows, and the sampler fell to one sample every 3 s.
 * Platform threads get their time slice from the kernel whatever the requests do.
 */
@ManagementContextConfiguration(value = ManagementContextType.CHILD, proxyBeanMethods = false)
@ConditionalOnClass(ConfigurableTomcatWebServerFactory.class)
public class ManagementOnPlatformThreads {

    @Bean
    WebServerFactoryCustomizer<ConfigurableTomcatWebServerFactory> managementPlatformThreads() {
        return new Customizer();
    }

    /** Runs after Spring Boot's virtual-threads customizer (order 1), so that its executor is the one replaced. */
    static final class Customizer implements WebServerFactoryCustomizer<ConfigurableTomcatWebServerFactory>, Ordered {

        @Override
        public void customize(ConfigurableTomcatWebServerFactory factory) {
            // No executor: Tomcat makes and manages its own pool of platform threads ("...-exec-N"), sized as in
            // platform mode, so the management port is the same in both modes.
            factory.addProtocolHandlerCustomizers(handler -> handler.setExecutor(null));
        }

        @Override
        public int getOrder() {
            return Ordered.LOWEST_PRECEDENCE;
        }
    }
}
