package lab.vthreads.contract.cep;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;

/** An address as the ViaCEP-shaped API returns it; {@code erro} is set (to "true") when the CEP is unknown. */
@JsonIgnoreProperties(ignoreUnknown = true)
public record CepAddress(String cep, String logradouro, String complemento, String bairro, String localidade,
                         String uf, String ibge, String ddd, String erro) {

    public boolean notFound() {
        return erro != null && !"false".equalsIgnoreCase(erro);
    }
}
