package lab.vthreads.scenario;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.Function;
import java.util.random.RandomGenerator;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Text with {@code {{ name }}} placeholders, Artillery's syntax: a payload field or a captured value by its name,
 * {@code $unique} (a number no other user of the run gets), {@code $uniqueLetters} (the same number in letters, for a
 * field that takes only letters, a name), {@code $uniqueHex} (the same number in 16 hexadecimal digits, for a 64-bit id
 * written in hex, a trace's or a span's) and {@code $uuid}, all fixed for one user's whole flow, and
 * {@code $randomInt(MIN, MAX)}, {@code $randomDigits(N)} and {@code $randomString(N)} (letters), drawn anew at each use;
 * and {@code $base64url(NAME)}, a named value in URL-safe Base64, for an API whose paths carry identifiers encoded so
 * (the Asset Administration Shell's {@code /shells/{aasIdentifier}}, whose ids are URNs and URLs).
 */
public final class Template {

    /** The names every user has without a payload, in the order messages list them. */
    public static final java.util.List<String> PER_USER_NAMES = java.util.List.of("$unique", "$uniqueLetters", "$uniqueHex", "$uuid");
    public static final Set<String> PER_USER = Set.copyOf(PER_USER_NAMES);
    /** Every template a flow has without a payload or a capture, as the messages name them. */
    static final String BUILT_IN = String.join(", ", PER_USER_NAMES) + ", $randomInt(MIN, MAX), $randomDigits(N), $randomString(N), $base64url(NAME)";

    private static final Pattern PLACEHOLDER = Pattern.compile("\\{\\{\\s*(.*?)\\s*}}");
    private static final Pattern NAME = Pattern.compile("\\$?[A-Za-z_][A-Za-z0-9_.-]*");
    private static final Pattern FUNCTION = Pattern.compile("(\\$random(?:Int|Digits|String))\\(\\s*(-?\\d+)\\s*(?:,\\s*(-?\\d+)\\s*)?\\)");
    private static final Pattern BASE64URL = Pattern.compile("\\$base64url\\(\\s*(" + NAME.pattern() + ")\\s*\\)");
    private static final String LETTERS = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ";

    private sealed interface Part permits Literal, Variable, Random, Base64Url {
    }

    private record Literal(String text) implements Part {
    }

    private record Variable(String name) implements Part {
    }

    private record Random(String function, int a, int b) implements Part {
    }

    /** A named value in Base64's URL-safe alphabet (RFC 4648, section 5) without padding, as an identifier in a path is written. */
    private record Base64Url(String name) implements Part {
    }

    private final String source;
    private final List<Part> parts;

    private Template(String source, List<Part> parts) {
        this.source = source;
        this.parts = List.copyOf(parts);
    }

    /** @throws IllegalArgumentException naming the placeholder that is not a name or one of the functions */
    public static Template parse(String text) {
        List<Part> parts = new ArrayList<>();
        Matcher m = PLACEHOLDER.matcher(text);
        int at = 0;
        while (m.find()) {
            if (m.start() > at) parts.add(new Literal(text.substring(at, m.start())));
            parts.add(placeholder(m.group(1)));
            at = m.end();
        }
        if (at < text.length()) parts.add(new Literal(text.substring(at)));
        if (text.substring(at).contains("{{")) throw new IllegalArgumentException("'{{' without its closing '}}' in \"" + text + "\"");
        return new Template(text, parts);
    }

    private static Part placeholder(String inside) {
        Matcher f = FUNCTION.matcher(inside);
        if (f.matches()) {
            String function = f.group(1);
            int a = Integer.parseInt(f.group(2));
            boolean range = function.equals("$randomInt");
            if (range != (f.group(3) != null)) {
                throw new IllegalArgumentException(function + (range ? " takes two numbers, MIN and MAX" : " takes one number, the length"));
            }
            int b = range ? Integer.parseInt(f.group(3)) : a;
            if (range ? b < a : a < 1 || a > 1000) {
                throw new IllegalArgumentException(range ? "$randomInt(" + a + ", " + b + "): MAX is below MIN" : function + "(" + a + "): the length must be 1 to 1000");
            }
            return new Random(function, a, b);
        }
        Matcher encoded = BASE64URL.matcher(inside);
        if (encoded.matches()) return new Base64Url(encoded.group(1));
        if (inside.startsWith("$") && !PER_USER.contains(inside)) {
            throw new IllegalArgumentException("unknown function {{ " + inside + " }}: use one of " + BUILT_IN);
        }
        if (!NAME.matcher(inside).matches()) {
            throw new IllegalArgumentException("{{ " + inside + " }} is not a name: use a payload field, a captured value or one of " + BUILT_IN);
        }
        return new Variable(inside);
    }

    /** The names this template reads (payload fields, captures, the per-user values), in order. */
    public Set<String> names() {
        Set<String> names = new TreeSet<>();
        for (Part part : parts) {
            if (part instanceof Variable(String name)) names.add(name);
            if (part instanceof Base64Url(String name)) names.add(name);
        }
        return names;
    }

    public boolean isConstant() {
        return parts.stream().allMatch(Literal.class::isInstance);
    }

    /** The text with every placeholder filled: names through {@code values}, random functions from {@code random}. */
    public String render(Function<String, String> values, RandomGenerator random) {
        StringBuilder out = new StringBuilder();
        for (Part part : parts) {
            switch (part) {
                case Literal(String text) -> out.append(text);
                case Variable(String name) -> out.append(value(values, name));
                case Base64Url(String name) -> out.append(java.util.Base64.getUrlEncoder().withoutPadding()
                        .encodeToString(value(values, name).getBytes(java.nio.charset.StandardCharsets.UTF_8)));
                case Random(String function, int a, int b) -> out.append(switch (function) {
                    case "$randomInt" -> Long.toString(random.nextLong(a, (long) b + 1));
                    case "$randomDigits" -> digits(random, a);
                    default -> letters(random, a);
                });
            }
        }
        return out.toString();
    }

    private static String value(Function<String, String> values, String name) {
        String value = values.apply(name);
        if (value == null) throw new IllegalStateException("no value for {{ " + name + " }}");
        return value;
    }

    private static String digits(RandomGenerator random, int length) {
        StringBuilder out = new StringBuilder(length);
        for (int i = 0; i < length; i++) out.append((char) ('0' + random.nextInt(10)));
        return out.toString();
    }

    private static String letters(RandomGenerator random, int length) {
        StringBuilder out = new StringBuilder(length);
        for (int i = 0; i < length; i++) out.append(LETTERS.charAt(random.nextInt(LETTERS.length())));
        return out.toString();
    }

    /**
     * A number as lower-case letters, its digits in base 26 from "a" to "z" (0 is "a", 25 "z", 26 "ba"), so that distinct
     * numbers stay distinct where a field accepts only letters.
     */
    static String letters(long number) {
        if (number < 0) throw new IllegalArgumentException("a unique number is not negative: " + number);
        StringBuilder out = new StringBuilder();
        long n = number;
        do {
            out.append((char) ('a' + (int) (n % 26)));
            n /= 26;
        } while (n > 0);
        return out.reverse().toString();
    }

    /** A number in 16 lower-case hexadecimal digits, zero-padded: a 64-bit id as trace and span ids are written. */
    static String hex(long number) {
        return String.format(java.util.Locale.ROOT, "%016x", number);
    }

    @Override
    public String toString() {
        return source;
    }
}
