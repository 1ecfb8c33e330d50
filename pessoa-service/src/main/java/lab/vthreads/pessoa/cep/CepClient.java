package lab.vthreads.pessoa.cep;

import lab.vthreads.contract.cep.CepUnavailableException;
import lab.vthreads.contract.cep.CepNotFoundException;
import lab.vthreads.contract.cep.CepAddress;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;
import org.apache.hc.client5.http.classic.methods.HttpGet;
import org.apache.hc.client5.http.impl.classic.CloseableHttpClient;
import org.apache.hc.core5.http.ClassicHttpResponse;
import org.apache.hc.core5.http.HttpEntity;
import org.apache.hc.core5.http.io.entity.EntityUtils;
import org.springframework.stereotype.Component;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.json.JsonMapper;

import java.io.IOException;
import java.io.InputStream;
import java.io.InterruptedIOException;
import java.net.URI;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.concurrent.TimeUnit;

/** Looks a CEP up in the ViaCEP-shaped API and turns every way that can go wrong into one of two exceptions. */
@Component
public class CepClient implements AutoCloseable {

    private final CloseableHttpClient cepHttpClient;
    private final JsonMapper jsonMapper;
    private final URI baseUrl;
    private final long readTimeoutNanos;
    // HttpClient 5's timeouts bound each read, not the answer: a body that trickles in (one chunk every 0.5 s) would
    // never meet them. One timer thread cancels a lookup still running at its deadline; it sleeps until one is due.
    // A request's lookups share one deadline (lookupAll), so a request with three CEPs fails within the read timeout
    // too, not within three of them.
    private final ScheduledThreadPoolExecutor deadlines;
    // cep.lookups, by outcome: the lab counts lookups per request from it, and its times are the API's latency as this
    // service saw it (the role http.client.requests had while the lookups went through RestClient).
    private final Timer found, notFound, failed, timeouts;
    private final LegacyConnectionLock lock;

    CepClient(CloseableHttpClient cepHttpClient, JsonMapper jsonMapper, CepProperties properties, MeterRegistry registry) {
        this.cepHttpClient = cepHttpClient;
        this.jsonMapper = jsonMapper;
        this.baseUrl = properties.baseUrl();
        this.readTimeoutNanos = properties.readTimeout().toNanos();
        this.deadlines = new ScheduledThreadPoolExecutor(1, Thread.ofPlatform().name("cep-deadline").daemon().factory());
        this.deadlines.setRemoveOnCancelPolicy(true);
        this.found = lookups(registry, "found");
        this.notFound = lookups(registry, "not-found");
        this.failed = lookups(registry, "failed");
        this.timeouts = lookups(registry, "timeout");
        this.lock = new LegacyConnectionLock(properties.lock());
    }

    private static Timer lookups(MeterRegistry registry, String outcome) {
        return Timer.builder("cep.lookups").description("CEP API lookups, from the request to the parsed answer")
                .tag("outcome", outcome).publishPercentileHistogram().register(registry);
    }

    /**
     * Looks up every CEP in turn within one read timeout in all: the budget is the request's, not each lookup's, so
     * whatever fails, the caller hears of it within the read timeout.
     *
     * @param ceps eight digits each
     * @return the addresses, in the order of {@code ceps}
     * @throws CepNotFoundException    the API does not know one of the CEPs
     * @throws CepUnavailableException the API failed, or the lookups did not all finish within the read timeout
     */
    public List<CepAddress> lookupAll(List<String> ceps) {
        long deadline = System.nanoTime() + readTimeoutNanos;
        List<CepAddress> addresses = new ArrayList<>(ceps.size());
        for (String cep : ceps) {
            long nanosLeft = deadline - System.nanoTime();
            if (nanosLeft <= 0) {
                // Not a lookup (none is made), so not in cep.lookups, whose count per request the lab reports.
                throw new CepUnavailableException(cep, true, "no time left: the earlier lookups used up the read timeout", null);
            }
            addresses.add(lookup(cep, nanosLeft));
        }
        return addresses;
    }

    private CepAddress lookup(String cep, long nanosLeft) {
        long start = System.nanoTime();
        Timer outcome = failed;
        try {
            CepAddress address = fetch(cep, nanosLeft);
            outcome = found;
            return address;
        } catch (CepNotFoundException e) {
            outcome = notFound;
            throw e;
        } catch (CepUnavailableException e) {
            outcome = e.timeout() ? timeouts : failed;
            throw e;
        } finally {
            outcome.record(System.nanoTime() - start, TimeUnit.NANOSECONDS);
        }
    }

    private CepAddress fetch(String cep, long nanosLeft) {
        HttpGet get = new HttpGet(baseUrl.resolve("/ws/" + cep + "/json/"));
        ScheduledFuture<?> deadline = deadlines.schedule(get::cancel, nanosLeft, TimeUnit.NANOSECONDS);
        CepAddress address;
        try {
            address = lock.call(() -> cepHttpClient.execute(get, response -> read(cep, response)));
        } catch (IOException e) {
            throw new CepUnavailableException(cep, timedOut(get, e), e.getClass().getSimpleName() + ": " + e.getMessage(), e);
        } catch (JacksonException e) {
            throw new CepUnavailableException(cep, timedOut(get, e), "response body unreadable: " + e.getOriginalMessage(), e);
        } catch (IllegalStateException e) {
            // A deadline that cancels the request while HttpClient is still leasing or connecting surfaces as "Endpoint
            // not acquired / already released", not as an IOException: seen 115 times in one saturated cell, as 500s.
            if (get.isCancelled()) {
                throw new CepUnavailableException(cep, true, "no answer within the deadline (" + e.getMessage() + ")", e);
            }
            throw e;
        } finally {
            deadline.cancel(false);
        }
        if (address == null) {
            throw new CepUnavailableException(cep, false, "empty body", null);
        }
        if (address.notFound()) {
            throw new CepNotFoundException(cep);
        }
        return address;
    }

    private CepAddress read(String cep, ClassicHttpResponse response) throws IOException {
        HttpEntity entity = response.getEntity();
        int status = response.getCode();
        if (status >= 400) {
            // Read to the end so that the connection goes back to the pool.
            EntityUtils.consume(entity);
            if (status < 500) {
                throw new CepNotFoundException(cep);
            }
            throw new CepUnavailableException(cep, false, "HTTP " + status + " " + response.getReasonPhrase(), null);
        }
        if (entity == null) {
            return null;
        }
        try (InputStream body = entity.getContent()) {
            return jsonMapper.readValue(body, CepAddress.class);
        }
    }

    /**
     * Only the deadline cancels a lookup, so a cancelled one timed out, however HttpClient reported it (an aborted
     * request, a closed connection); otherwise HttpClient's own timeouts, a read's or a connect's, are
     * InterruptedIOExceptions.
     */
    private static boolean timedOut(HttpGet get, Throwable e) {
        if (get.isCancelled()) {
            return true;
        }
        for (Throwable t = e; t != null; t = t.getCause()) {
            if (t instanceof InterruptedIOException) {
                return true;
            }
        }
        return false;
    }

    @Override
    public void close() {
        deadlines.shutdownNow();
    }
}
