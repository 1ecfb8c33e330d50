package lab.vthreads.contract.pessoa;

import lab.vthreads.service.ProblemTypes;
import org.springframework.http.HttpStatus;
import org.springframework.web.ErrorResponseException;

/** The unique constraint on the CPF refused the insert: 409 {@code duplicate-cpf}, decided by the database under any concurrency. */
public class DuplicateCpfException extends ErrorResponseException {

    public DuplicateCpfException(String cpf, Throwable cause) {
        super(HttpStatus.CONFLICT, ProblemTypes.problem(HttpStatus.CONFLICT, "duplicate-cpf", "CPF already registered",
                "A person with CPF " + cpf + " already exists"), cause);
    }
}
