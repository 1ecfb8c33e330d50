package lab.vthreads.pessoa;

import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Timeout;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import lab.vthreads.infra.testdata.Cpfs;
import lab.vthreads.infra.testsupport.Http;
import lab.vthreads.pessoa.support.ServiceTest;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.TestConfiguration;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Import;
import org.springframework.test.context.TestPropertySource;
import org.springframework.web.servlet.HandlerInterceptor;
import org.springframework.web.servlet.config.annotation.InterceptorRegistry;
import org.springframework.web.servlet.config.annotation.WebMvcConfigurer;

import java.util.concurrent.atomic.AtomicReference;

import static org.assertj.core.api.Assertions.assertThat;

/** spring.threads.virtual.enabled decides which kind of thread serves POST /v1/pessoas. */
@Timeout(value = 3, unit = TimeUnit.MINUTES)
class ThreadModeIT {

    @Nested
    @ServiceTest
    @Import(ServingThreadRecorder.class)
    @TestPropertySource(properties = "spring.threads.virtual.enabled=true")
    class VirtualMode {
        @LocalServerPort int port;
        @Autowired ServingThreadRecorder recorder;

        @Test
        void servesTheRequestOnAVirtualThread() {
            assertThat(new Http("http://127.0.0.1:" + port).postJson("/v1/pessoas", Http.pessoa(Cpfs.next(), "VIRTUAL", "01001000")).status()).isEqualTo(201);
            assertThat(recorder.lastThread.get().isVirtual()).isTrue();
        }
    }

    @Nested
    @ServiceTest
    @Import(ServingThreadRecorder.class)
    @TestPropertySource(properties = "spring.threads.virtual.enabled=false")
    class PlatformMode {
        @LocalServerPort int port;
        @Autowired ServingThreadRecorder recorder;

        @Test
        void servesTheRequestOnAPlatformTomcatThread() {
            assertThat(new Http("http://127.0.0.1:" + port).postJson("/v1/pessoas", Http.pessoa(Cpfs.next(), "PLATAFORMA", "01001000")).status()).isEqualTo(201);
            assertThat(recorder.lastThread.get().isVirtual()).isFalse();
            assertThat(recorder.lastThread.get().getName()).startsWith("http-nio-");
        }
    }

    @TestConfiguration(proxyBeanMethods = false)
    static class ServingThreadRecorder implements WebMvcConfigurer {
        final AtomicReference<Thread> lastThread = new AtomicReference<>();

        @Override
        public void addInterceptors(InterceptorRegistry registry) {
            registry.addInterceptor(new HandlerInterceptor() {
                @Override
                public boolean preHandle(HttpServletRequest request, HttpServletResponse response, Object handler) {
                    lastThread.set(Thread.currentThread());
                    return true;
                }
            }).addPathPatterns("/v1/pessoas");
        }
    }
}
