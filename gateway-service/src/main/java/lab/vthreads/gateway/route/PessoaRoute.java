package lab.vthreads.gateway.route;

import lab.vthreads.gateway.proxy.ProxyFailures;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.web.servlet.function.RouterFunction;
import org.springframework.web.servlet.function.ServerResponse;

import static org.springframework.cloud.gateway.server.mvc.filter.BeforeFilterFunctions.uri;
import static org.springframework.cloud.gateway.server.mvc.handler.GatewayRouterFunctions.route;
import static org.springframework.cloud.gateway.server.mvc.handler.HandlerFunctions.http;
import static org.springframework.web.servlet.function.RequestPredicates.path;

@Configuration(proxyBeanMethods = false)
class PessoaRoute {

    // curl -i -H 'Content-Type: application/json' -d '{"cpf":"89084980875","nome":"FULANO","enderecos":[{"cep":"22041012"}]}' localhost:8080/v1/pessoas
    @Bean
    RouterFunction<ServerResponse> pessoaServiceRoute(RouteProperties properties, ProxyFailures failures) {
        return route("pessoa-service")
                .route(path("/v1/**"), http())
                .before(uri(properties.pessoaUrl()))
                .onError(failures::isProxyFailure, failures::toProblem)
                .build();
    }
}
