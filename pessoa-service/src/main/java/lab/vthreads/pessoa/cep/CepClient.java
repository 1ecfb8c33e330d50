package lab.vthreads.pessoa.cep;

import org.springframework.http.HttpStatusCode;
import org.springframework.stereotype.Component;
import org.springframework.web.client.ResourceAccessException;
import org.springframework.web.client.RestClient;
import org.springframework.web.client.RestClientException;

import java.net.http.HttpTimeoutException;

/** Looks a CEP up in the ViaCEP-shaped API and turns every way that can go wrong into one of two exceptions. */
@Component
public class CepClient {

    private final RestClient cepRestClient;
    private final long readTimeoutNanos;

    CepClient(RestClient cepRestClient, CepProperties properties) {
        this.cepRestClient = cepRestClient;
        this.readTimeoutNanos = properties.readTimeout().toNanos();
    }

    /**
     * @param cep eight digits
     * @throws CepNotFoundException    the API does not know the CEP
     * @throws CepUnavailableException the API failed or timed out
     */
    public CepAddress lookup(String cep) {
        CepAddress address;
        long start = System.nanoTime();
        try {
            address = cepRestClient.get()
                    .uri("/ws/{cep}/json/", cep)
                    .retrieve()
                    .onStatus(HttpStatusCode::is4xxClientError, (request, response) -> {
                        throw new CepNotFoundException(cep);
                    })
                    .body(CepAddress.class);
        } catch (ResourceAccessException e) {
            throw new CepUnavailableException(cep, timedOut(e, start), String.valueOf(e.getMostSpecificCause().getMessage()), e);
        } catch (RestClientException e) {
            throw new CepUnavailableException(cep, timedOut(e, start), e.getMessage() + " (" + e.getMostSpecificCause() + ")", e);
        } catch (IllegalStateException e) {
            // Seen under overload: the read timeout closed a gzip-encoded body while Jackson still read it, and the
            // JDK's GZIPInputStream reports that as "Inflater has been closed", not as an IOException.
            throw new CepUnavailableException(cep, timedOut(e, start), "response body unreadable: " + e.getMessage(), e);
        }
        if (address == null) {
            throw new CepUnavailableException(cep, false, "empty body", null);
        }
        if (address.notFound()) {
            throw new CepNotFoundException(cep);
        }
        return address;
    }

    /**
     * A timeout shows up as HttpTimeoutException while waiting for headers, but as a plain "closed" IOException when
     * the read timeout closes a body still being read; the elapsed time tells the two apart from a real failure.
     */
    private boolean timedOut(Throwable e, long start) {
        for (Throwable t = e; t != null; t = t.getCause()) {
            if (t instanceof HttpTimeoutException) {
                return true;
            }
        }
        return System.nanoTime() - start >= readTimeoutNanos;
    }
}
