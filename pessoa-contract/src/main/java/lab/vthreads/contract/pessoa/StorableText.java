package lab.vthreads.contract.pessoa;

import jakarta.validation.Constraint;
import jakarta.validation.ConstraintValidator;
import jakarta.validation.ConstraintValidatorContext;
import jakarta.validation.Payload;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Text that PostgreSQL can store as it was sent: no NUL character (a {@code text} column refuses U+0000, so the insert
 * fails after the request was accepted) and no unpaired surrogate (not a character at all: JSON's {@code \ud800}
 * escape decodes to one, and its UTF-8 encoding writes {@code ?} in its place, storing another name than the one
 * sent). Either is the client's mistake, named in a 400, in every implementation alike.
 */
@Target({ElementType.FIELD, ElementType.PARAMETER, ElementType.RECORD_COMPONENT, ElementType.TYPE_USE})
@Retention(RetentionPolicy.RUNTIME)
@Constraint(validatedBy = StorableText.Validator.class)
public @interface StorableText {

    String message() default "must not hold a NUL character or an unpaired surrogate";

    Class<?>[] groups() default {};

    Class<? extends Payload>[] payload() default {};

    final class Validator implements ConstraintValidator<StorableText, String> {

        @Override
        public boolean isValid(String value, ConstraintValidatorContext context) {
            if (value == null) return true;
            for (int i = 0; i < value.length(); i++) {
                char c = value.charAt(i);
                if (c == '\0') return false;
                if (Character.isHighSurrogate(c)) {
                    if (i + 1 >= value.length() || !Character.isLowSurrogate(value.charAt(i + 1))) return false;
                    i++;
                } else if (Character.isLowSurrogate(c)) {
                    return false;
                }
            }
            return true;
        }
    }
}
