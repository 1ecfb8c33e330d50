package lab.vthreads.service.rejections;

import org.apache.catalina.core.StandardHost;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnWebApplication;
import org.springframework.boot.tomcat.ConfigurableTomcatWebServerFactory;
import org.springframework.boot.web.server.WebServerFactoryCustomizer;
import org.springframework.context.annotation.Bean;

/**
 * Both services answer Tomcat's own rejections with a problem detail ({@link ProblemDetailErrorReportValve}), the
 * errors no handler answered too ({@link ProblemDetailErrorController}, in place of Boot's), and a wildcard
 * Content-Type, which Spring MVC cannot read, with a 415 one ({@link WildcardContentTypeRefused}).
 */
// By name: the reactive service has this module and no Spring MVC.
@AutoConfiguration(beforeName = "org.springframework.boot.webmvc.autoconfigure.error.ErrorMvcAutoConfiguration")
@ConditionalOnWebApplication(type = ConditionalOnWebApplication.Type.SERVLET)
@ConditionalOnClass(ConfigurableTomcatWebServerFactory.class)
public class RejectionsAsProblemDetails {

    @Bean
    WebServerFactoryCustomizer<ConfigurableTomcatWebServerFactory> rejectionsAsProblemDetails() {
        // The host makes its error report valve from this class name when it starts: the context is already its child here.
        return factory -> factory.addContextCustomizers(context -> {
            if (context.getParent() instanceof StandardHost host) {
                host.setErrorReportValveClass(ProblemDetailErrorReportValve.class.getName());
            }
        });
    }

    @Bean
    ProblemDetailErrorController problemDetailErrorController() {
        return new ProblemDetailErrorController();
    }

    @Bean
    WildcardContentTypeRefused wildcardContentTypeRefused() {
        return new WildcardContentTypeRefused();
    }
}
