package lab.vthreads.pessoa;

import java.time.Duration;
import java.util.concurrent.TimeUnit;
import io.micrometer.core.instrument.MeterRegistry;
import lab.vthreads.service.RequestThreadsFilter;
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
        @Autowired MeterRegistry registry;

        @Test
        void servesTheRequestOnAVirtualThread() {
            assertThat(created(port, "VIRTUAL").status()).isEqualTo(201);
            assertThat(recorder.lastThread.get().isVirtual()).isTrue();
            assertThat(requestsOn(registry, "virtual")).isPositive();
            assertThat(requestsOn(registry, "platform")).isZero();
        }
    }

    @Nested
    @ServiceTest
    @Import(ServingThreadRecorder.class)
    @TestPropertySource(properties = "spring.threads.virtual.enabled=false")
    class PlatformMode {
        @LocalServerPort int port;
        @Autowired ServingThreadRecorder recorder;
        @Autowired MeterRegistry registry;

        @Test
        void servesTheRequestOnAPlatformTomcatThread() {
            assertThat(created(port, "PLATAFORMA").status()).isEqualTo(201);
            assertThat(recorder.lastThread.get().isVirtual()).isFalse();
            assertThat(recorder.lastThread.get().getName()).startsWith("http-nio-");
            assertThat(requestsOn(registry, "platform")).isPositive();
            assertThat(requestsOn(registry, "virtual")).isZero();
        }
    }

    /** A cold service's first lookup can miss its read timeout on a busy machine: post until one is created. */
    static Http.Reply created(int port, String nome) {
        return new Http("http://127.0.0.1:" + port).postJsonUntil(201, Duration.ofSeconds(60), "/v1/pessoas",
                () -> Http.pessoa(Cpfs.next(), nome, "01001000"));
    }

    /** What the service itself reports, through the metric Actuator exposes (RequestThreadsFilter). */
    static double requestsOn(MeterRegistry registry, String kind) {
        return registry.get(RequestThreadsFilter.METRIC).tag("kind", kind).counter().count();
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
