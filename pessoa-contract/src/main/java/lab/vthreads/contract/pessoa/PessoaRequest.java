package lab.vthreads.contract.pessoa;

import jakarta.validation.Valid;
import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.NotNull;
import jakarta.validation.constraints.Pattern;
import jakarta.validation.constraints.Size;
import org.hibernate.validator.constraints.br.CPF;

import java.util.List;

/**
 * The body of {@code POST /v1/pessoas}. A CPF may come formatted ({@code 890.849.808-75}) or not; its check
 * digits are verified, and it is stored as its 11 digits.
 */
public record PessoaRequest(
        @NotBlank @CPF String cpf,
        @NotBlank @Size(max = 100) @StorableText String nome,
        @NotNull @Size(min = 1, max = 5) List<@NotNull @Valid EnderecoRequest> enderecos) {

    public record EnderecoRequest(@NotBlank @Pattern(regexp = "\\d{5}-?\\d{3}", message = "must be 8 digits, with or without a dash") String cep) {

        public String digits() {
            return cep.replace("-", "");
        }
    }

    public String cpfDigits() {
        return cpf.replaceAll("\\D", "");
    }
}
