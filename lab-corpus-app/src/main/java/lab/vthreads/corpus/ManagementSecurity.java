package lab.vthreads.corpus;

import org.springframework.beans.factory.annotation.Value;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.security.config.Customizer;
import org.springframework.security.config.annotation.web.builders.HttpSecurity;
import org.springframework.security.web.SecurityFilterChain;

/**
 * The application's own pages are open; with {@code corpus.secure-management=true} its Actuator endpoints need a
 * login (HTTP Basic, so a request without one gets 401), as many production services keep them.
 */
@Configuration
class ManagementSecurity {

    @Bean
    SecurityFilterChain security(HttpSecurity http, @Value("${corpus.secure-management:false}") boolean secureManagement) throws Exception {
        http.csrf(csrf -> csrf.disable());
        http.authorizeHttpRequests(requests -> {
            if (secureManagement) requests.requestMatchers("/actuator/**").authenticated();
            requests.anyRequest().permitAll();
        });
        return http.httpBasic(Customizer.withDefaults()).build();
    }
}
