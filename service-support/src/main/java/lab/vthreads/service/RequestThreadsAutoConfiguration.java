package lab.vthreads.service;

import io.micrometer.core.instrument.MeterRegistry;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnWebApplication;
import org.springframework.context.annotation.Bean;

/** Both services count their requests by thread kind ({@link RequestThreadsFilter}) without each declaring the filter. */
@AutoConfiguration
@ConditionalOnWebApplication(type = ConditionalOnWebApplication.Type.SERVLET)
public class RequestThreadsAutoConfiguration {

    @Bean
    RequestThreadsFilter requestThreadsFilter(MeterRegistry registry) {
        return new RequestThreadsFilter(registry);
    }
}
