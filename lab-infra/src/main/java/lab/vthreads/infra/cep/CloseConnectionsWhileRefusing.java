package lab.vthreads.infra.cep;

import com.github.tomakehurst.wiremock.client.ResponseDefinitionBuilder;
import com.github.tomakehurst.wiremock.extension.ResponseDefinitionTransformerV2;
import com.github.tomakehurst.wiremock.http.ResponseDefinition;
import com.github.tomakehurst.wiremock.stubbing.ServeEvent;

/**
 * While the {@link RefusingFront} refuses, every answer carries {@code Connection: close}, so the client's next lookup
 * opens a new connection and can be refused. Without it a pooled client would keep reusing the connections it has, and
 * the refusals would reach only the few lookups that happen to open one: not the share the lab asked for.
 */
public final class CloseConnectionsWhileRefusing implements ResponseDefinitionTransformerV2 {

    private final RefusingFront front;

    public CloseConnectionsWhileRefusing(RefusingFront front) {
        this.front = front;
    }

    @Override
    public ResponseDefinition transform(ServeEvent serveEvent) {
        ResponseDefinition response = serveEvent.getResponseDefinition();
        return front.refusing() ? ResponseDefinitionBuilder.like(response).but().withHeader("Connection", "close").build() : response;
    }

    @Override
    public boolean applyGlobally() {
        return true;
    }

    @Override
    public String getName() {
        return "close-connections-while-refusing";
    }
}
