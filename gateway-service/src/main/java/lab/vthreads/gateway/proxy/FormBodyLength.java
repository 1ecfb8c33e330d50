package lab.vthreads.gateway.proxy;

import org.springframework.cloud.gateway.server.mvc.filter.HttpHeadersFilter;
import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpMethod;
import org.springframework.http.MediaType;
import org.springframework.stereotype.Component;
import org.springframework.web.servlet.function.ServerRequest;

/**
 * A form post goes on without the client's Content-Length, sent chunked; every other body keeps it (application.yaml
 * turns the gateway's blanket removal off). Spring Cloud Gateway MVC's FormFilter rebuilds a form body from the
 * parsed parameters, percent-encoding what the client sent raw, so the rebuilt body is longer than the length the
 * client declared, and the upstream read only that many bytes of it: a truncated escape, which pessoa-service failed
 * to decode (spring-cloud-gateway issue 3972). The contract's generated requests found it.
 */
@Component
class FormBodyLength implements HttpHeadersFilter.RequestHttpHeadersFilter {

    @Override
    public HttpHeaders apply(HttpHeaders headers, ServerRequest request) {
        if (!isFormPost(request) || !headers.containsHeader(HttpHeaders.CONTENT_LENGTH)) {
            return headers;
        }
        HttpHeaders withoutLength = new HttpHeaders();
        withoutLength.addAll(headers);
        withoutLength.remove(HttpHeaders.CONTENT_LENGTH);
        return withoutLength;
    }

    /** As FormFilter decides which bodies it rebuilds. */
    private static boolean isFormPost(ServerRequest request) {
        String contentType = request.servletRequest().getContentType();
        return HttpMethod.POST.equals(request.method()) && contentType != null
                && contentType.contains(MediaType.APPLICATION_FORM_URLENCODED_VALUE);
    }
}
