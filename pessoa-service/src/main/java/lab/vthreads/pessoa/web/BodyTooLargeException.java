package lab.vthreads.pessoa.web;

public class BodyTooLargeException extends RuntimeException {

    private final long maxBytes;

    public BodyTooLargeException(long maxBytes) {
        super("Request body exceeds " + maxBytes + " bytes");
        this.maxBytes = maxBytes;
    }

    public long maxBytes() {
        return maxBytes;
    }
}
