package lab.vthreads.pessoa.support;

import java.util.concurrent.atomic.AtomicLong;

/** Valid CPFs (correct check digits), a new one per call, for tests that must not collide on the unique CPF. */
public final class Cpfs {

    private static final AtomicLong NEXT = new AtomicLong(100_000_000L + (System.nanoTime() % 800_000_000L));

    private Cpfs() {
    }

    public static String next() {
        return withCheckDigits(String.format("%09d", NEXT.getAndIncrement() % 1_000_000_000L));
    }

    public static String withCheckDigits(String nineDigits) {
        String ten = nineDigits + checkDigit(nineDigits);
        return ten + checkDigit(ten);
    }

    private static int checkDigit(String digits) {
        int sum = 0;
        for (int i = 0; i < digits.length(); i++) {
            sum += (digits.charAt(i) - '0') * (digits.length() + 1 - i);
        }
        int rest = sum % 11;
        return rest < 2 ? 0 : 11 - rest;
    }

    /** The same CPF with its last check digit changed, so only the check digit is wrong. */
    public static String withWrongCheckDigit(String cpf) {
        char last = cpf.charAt(10);
        return cpf.substring(0, 10) + (char) ('0' + (last - '0' + 1) % 10);
    }
}
