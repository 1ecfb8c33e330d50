package lab.vthreads.reactive.cep;

import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;
import io.netty.channel.ConnectTimeoutException;
import io.netty.handler.timeout.ReadTimeoutException;
import lab.vthreads.contract.cep.CepAddress;
import lab.vthreads.contract.cep.CepNotFoundException;
import lab.vthreads.contract.cep.CepUnavailableException;
import org.springframework.core.codec.DecodingException;
import org.springframework.http.HttpStatusCode;
import org.springframework.stereotype.Component;
import org.springframework.web.reactive.function.client.WebClient;
import org.springframework.web.reactive.function.client.WebClientRequestException;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * Looks CEPs up in the ViaCEP-shaped API, one after another as pessoa-service does (the same work, so that the
 * comparison compares the threading, not a fan-out), within one read timeout for all of a request's lookups, and turns
 * every way that can go wrong into the contract's two exceptions.
 */
@Component
public class CepClient {

    private final WebClient cepWebClient;
    private final long readTimeoutNanos;
    // cep.lookups, by outcome, as pessoa-service records it: the lab counts lookups per request from it.
    private final Timer found, notFound, failed, timeouts;

    CepClient(WebClient cepWebClient, CepProperties properties, MeterRegistry registry) {
        this.cepWebClient = cepWebClient;
        this.readTimeoutNanos = properties.readTimeout().toNanos();
        this.found = lookups(registry, "found");
        this.notFound = lookups(registry, "not-found");
        this.failed = lookups(registry, "failed");
        this.timeouts = lookups(registry, "timeout");
    }

    private static Timer lookups(MeterRegistry registry, String outcome) {
        return Timer.builder("cep.lookups").description("CEP API lookups, from the request to the parsed answer")
                .tag("outcome", outcome).publishPercentileHistogram().register(registry);
    }

    /**
     * The addresses of {@code ceps}, in their order; fails with {@link CepNotFoundException} for a CEP the API does not
     * know, and with {@link CepUnavailableException} when the API fails or the lookups do not all end within the read
     * timeout.
     */
    public Mono<List<CepAddress>> lookupAll(List<String> ceps) {
        return Mono.defer(() -> {
            long deadline = System.nanoTime() + readTimeoutNanos;
            return Flux.fromIterable(ceps).concatMap(cep -> lookup(cep, deadline)).collectList();
        });
    }

    private Mono<CepAddress> lookup(String cep, long deadline) {
        return Mono.defer(() -> {
            long nanosLeft = deadline - System.nanoTime();
            if (nanosLeft <= 0) {
                return Mono.error(new CepUnavailableException(cep, true, "no time left: the earlier lookups used up the read timeout", null));
            }
            long start = System.nanoTime();
            return fetch(cep)
                    .timeout(Duration.ofNanos(nanosLeft), Mono.error(() -> new CepUnavailableException(cep, true, "no answer within the deadline", null)))
                    .onErrorMap(e -> !(e instanceof CepNotFoundException || e instanceof CepUnavailableException), e -> unavailable(cep, e))
                    .doOnEach(signal -> {
                        if (signal.isOnNext() || signal.isOnError()) {
                            outcome(signal.getThrowable()).record(System.nanoTime() - start, TimeUnit.NANOSECONDS);
                        }
                    });
        });
    }

    private Mono<CepAddress> fetch(String cep) {
        return cepWebClient.get().uri("/ws/{cep}/json/", cep)
                .retrieve()
                .onStatus(HttpStatusCode::is4xxClientError, response -> response.releaseBody().then(Mono.error(new CepNotFoundException(cep))))
                .onStatus(HttpStatusCode::is5xxServerError, response -> response.releaseBody()
                        .then(Mono.error(new CepUnavailableException(cep, false, "HTTP " + response.statusCode().value(), null))))
                .bodyToMono(CepAddress.class)
                .switchIfEmpty(Mono.error(() -> new CepUnavailableException(cep, false, "empty body", null)))
                .flatMap(address -> address.notFound() ? Mono.error(new CepNotFoundException(cep)) : Mono.just(address));
    }

    private Timer outcome(Throwable error) {
        return switch (error) {
            case null -> found;
            case CepNotFoundException e -> notFound;
            case CepUnavailableException e when e.timeout() -> timeouts;
            default -> failed;
        };
    }

    /** A connect timeout is a timeout, as pessoa-service counts it; a refused, reset or unreadable answer a failure. */
    private static CepUnavailableException unavailable(String cep, Throwable e) {
        boolean timeout = cause(e, ConnectTimeoutException.class) || cause(e, ReadTimeoutException.class) || cause(e, TimeoutException.class);
        String reason = e instanceof DecodingException ? "response body unreadable: " + e.getMessage()
                : e instanceof WebClientRequestException && e.getCause() != null ? e.getCause().getClass().getSimpleName() + ": " + e.getCause().getMessage()
                : e.getClass().getSimpleName() + ": " + e.getMessage();
        return new CepUnavailableException(cep, timeout, reason, e);
    }

    private static boolean cause(Throwable e, Class<? extends Throwable> type) {
        for (Throwable t = e; t != null; t = t.getCause()) {
            if (type.isInstance(t)) return true;
        }
        return false;
    }
}
