package lab.vthreads.pessoa.web;

import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import org.springframework.context.annotation.Configuration;
import org.springframework.http.InvalidMediaTypeException;
import org.springframework.http.MediaType;
import org.springframework.web.HttpMediaTypeNotSupportedException;
import org.springframework.web.servlet.HandlerInterceptor;
import org.springframework.web.servlet.config.annotation.InterceptorRegistry;
import org.springframework.web.servlet.config.annotation.WebMvcConfigurer;

/**
 * A request whose Content-Type is a wildcard ({@code application/*}) gets the 415 ProblemDetail any other type the
 * service does not read gets. Spring MVC refuses such a header with an IllegalArgumentException while it reads the
 * body ("Content-Type cannot contain wildcard subtype"), which no handler expects, so it came out a 500; WebFlux
 * answers it 415. Checked before the handler runs, where the exception handlers still answer what is thrown.
 */
@Configuration(proxyBeanMethods = false)
class ConcreteContentType implements WebMvcConfigurer, HandlerInterceptor {

    @Override
    public void addInterceptors(InterceptorRegistry registry) {
        registry.addInterceptor(this);
    }

    @Override
    public boolean preHandle(HttpServletRequest request, HttpServletResponse response, Object handler) throws HttpMediaTypeNotSupportedException {
        String header = request.getContentType();
        if (header == null) return true;
        MediaType type;
        try {
            type = MediaType.parseMediaType(header);
        } catch (InvalidMediaTypeException unreadable) {
            // Spring MVC answers an unparseable type 415 itself.
            return true;
        }
        if (type.isWildcardType() || type.isWildcardSubtype()) {
            throw new HttpMediaTypeNotSupportedException("Content-Type " + header + " is not a media type a body can have");
        }
        return true;
    }
}
