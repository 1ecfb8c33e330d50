package lab.vthreads.gateway.web;

import lab.vthreads.service.RequestIds;
import org.springframework.cloud.gateway.server.mvc.filter.HttpHeadersFilter;
import org.springframework.http.HttpHeaders;
import org.springframework.stereotype.Component;
import org.springframework.web.servlet.function.ServerResponse;

/**
 * pessoa-service echoes the {@code X-Request-Id} that {@link lab.vthreads.service.RequestIdFilter} already put on the response; copying
 * its header too would send the id twice.
 */
@Component
class UpstreamRequestIdHeaderFilter implements HttpHeadersFilter.ResponseHttpHeadersFilter {

    @Override
    public HttpHeaders apply(HttpHeaders upstream, ServerResponse response) {
        HttpHeaders headers = new HttpHeaders();
        headers.putAll(upstream);
        headers.remove(RequestIds.HEADER);
        return headers;
    }
}
