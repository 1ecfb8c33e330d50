package lab.vthreads.pessoa.pessoa;

public class DuplicateCpfException extends RuntimeException {

    public DuplicateCpfException(String cpf, Throwable cause) {
        super("A person with CPF " + cpf + " already exists", cause);
    }
}
