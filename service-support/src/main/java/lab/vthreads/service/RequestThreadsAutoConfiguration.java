package lab.vthreads.service;

import io.micrometer.core.instrument.MeterRegistry;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnWebApplication;
import org.springframework.context.annotation.Bean;

/**
 * The filters both services run on every request, declared once: the request id ({@link RequestIdFilter}) and the
 * count of requests by thread kind ({@link RequestThreadsFilter}).
 */
@AutoConfiguration
@ConditionalOnWebApplication(type = ConditionalOnWebApplication.Type.SERVLET)
public class RequestThreadsAutoConfiguration {

    @Bean
    RequestIdFilter requestIdFilter() {
        return new RequestIdFilter();
    }

    @Bean
    RequestThreadsFilter requestThreadsFilter(MeterRegistry registry) {
        return new RequestThreadsFilter(registry);
    }
}
