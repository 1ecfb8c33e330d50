package lab.vthreads.contract.pessoa;

import jakarta.validation.ConstraintViolation;
import jakarta.validation.Validation;
import jakarta.validation.Validator;
import lab.vthreads.infra.testdata.Cpfs;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Set;

import static org.assertj.core.api.Assertions.assertThat;

/** The request's own rules, without a server: what POST /v1/pessoas refuses with 400 invalid-request. */
class PessoaRequestValidationTest {

    static final jakarta.validation.ValidatorFactory FACTORY = Validation.buildDefaultValidatorFactory();
    static final Validator VALIDATOR = FACTORY.getValidator();

    @AfterAll
    static void close() {
        FACTORY.close();
    }

    @Test
    void acceptsAValidPersonWithFormattedCpfAndCep() {
        assertThat(invalidFields(new PessoaRequest("890.849.808-75", "FULANO", List.of(new PessoaRequest.EnderecoRequest("22041-012"))))).isEmpty();
    }

    @Test
    void refusesAWrongCheckDigitARepeatedDigitAndABlankCpf() {
        String cpf = Cpfs.next();
        assertThat(invalidFields(request(Cpfs.withWrongCheckDigit(cpf), "X", "01001000"))).containsExactly("cpf");
        assertThat(invalidFields(request("11111111111", "X", "01001000"))).containsExactly("cpf");
        assertThat(invalidFields(request(" ", "X", "01001000"))).contains("cpf");
    }

    @Test
    void refusesABlankOrOverlongName() {
        assertThat(invalidFields(request(Cpfs.next(), "  ", "01001000"))).containsExactly("nome");
        assertThat(invalidFields(request(Cpfs.next(), "A".repeat(101), "01001000"))).containsExactly("nome");
    }

    @Test
    void refusesANameThatPostgresCannotStoreAsSentAndKeepsEveryCharacter() {
        assertThat(invalidFields(request(Cpfs.next(), "ANA\u0000MARIA", "01001000"))).containsExactly("nome");
        assertThat(invalidFields(request(Cpfs.next(), "ANA\ud800MARIA", "01001000"))).containsExactly("nome");
        assertThat(invalidFields(request(Cpfs.next(), "ANA\ud800", "01001000"))).containsExactly("nome");
        assertThat(invalidFields(request(Cpfs.next(), "\udc00\ud800", "01001000"))).containsExactly("nome");
        // A character outside the Basic Multilingual Plane is a pair, a character like any other; so are accents,
        // right-to-left text and combining marks.
        assertThat(invalidFields(request(Cpfs.next(), "JOÃO \uD83D\uDE00", "01001000"))).isEmpty();
        assertThat(invalidFields(request(Cpfs.next(), "\u05D3\u05D5\u05D3 e\u0301", "01001000"))).isEmpty();
    }

    @Test
    void wantsOneToFiveAddressesEachWithAnEightDigitCep() {
        assertThat(invalidFields(request(Cpfs.next(), "X"))).containsExactly("enderecos");
        assertThat(invalidFields(request(Cpfs.next(), "X", "1", "2", "3", "4", "5", "6"))).contains("enderecos");
        assertThat(invalidFields(request(Cpfs.next(), "X", "0100100"))).containsExactly("enderecos[0].cep");
        assertThat(invalidFields(request(Cpfs.next(), "X", "0100A000"))).containsExactly("enderecos[0].cep");
    }

    @Test
    void storesTheDigitsOnly() {
        PessoaRequest request = new PessoaRequest("890.849.808-75", "X", List.of(new PessoaRequest.EnderecoRequest("22041-012")));

        assertThat(request.cpfDigits()).isEqualTo("89084980875");
        assertThat(request.enderecos().getFirst().digits()).isEqualTo("22041012");
    }

    private static PessoaRequest request(String cpf, String nome, String... ceps) {
        return new PessoaRequest(cpf, nome, java.util.Arrays.stream(ceps).map(PessoaRequest.EnderecoRequest::new).toList());
    }

    private static List<String> invalidFields(PessoaRequest request) {
        Set<ConstraintViolation<PessoaRequest>> violations = VALIDATOR.validate(request);
        return violations.stream().map(v -> v.getPropertyPath().toString()).distinct().sorted().toList();
    }
}
