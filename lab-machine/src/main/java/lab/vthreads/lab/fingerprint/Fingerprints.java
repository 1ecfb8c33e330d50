package lab.vthreads.lab.fingerprint;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.nio.file.attribute.FileTime;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.stream.Stream;

/**
 * How the lab tells one build, file or set-up from another, for whatever it keeps between runs (calibrations, the
 * start-up check's starts, AOT caches) and for a run's identity: a text hashed, a file by its content, or a file tree
 * by its files' count, size and latest change, which is cheap but holds only on the disk it was taken on.
 */
public final class Fingerprints {

    private Fingerprints() {
    }

    /** The first {@code hexDigits} of the text's SHA-256, in hex. */
    public static String hash(String text, int hexDigits) {
        return HexFormat.of().formatHex(sha256().digest(text.getBytes(StandardCharsets.UTF_8))).substring(0, hexDigits);
    }

    /**
     * A file's content, hashed (16 hex digits), the same on any machine; "unreadable" where it cannot be read. Read once
     * in this JVM for each version of the file (its size, modification time and inode, as the calibration's trees tell
     * builds apart): a user's jar of hundreds of MB is named by every fingerprint of a run, and read for the first.
     */
    public static String content(Path file) {
        BasicFileAttributes attributes;
        try {
            attributes = Files.readAttributes(file, BasicFileAttributes.class);
        } catch (IOException e) {
            return "unreadable";
        }
        return CONTENTS.computeIfAbsent(new Version(file.toAbsolutePath().normalize(), attributes.size(), attributes.lastModifiedTime(),
                attributes.fileKey()), version -> digest(file));
    }

    private record Version(Path file, long size, FileTime modified, Object key) {
    }

    private static final Map<Version, String> CONTENTS = new ConcurrentHashMap<>();

    private static String digest(Path file) {
        try (InputStream in = Files.newInputStream(file)) {
            MessageDigest digest = sha256();
            byte[] buffer = new byte[1 << 16];
            for (int n; (n = in.read(buffer)) > 0; ) digest.update(buffer, 0, n);
            return HexFormat.of().formatHex(digest.digest()).substring(0, 16);
        } catch (IOException e) {
            return "unreadable";
        }
    }

    /** A file or a directory tree as {@code name:count:size:latest}: its files' count, total size and latest modification. */
    public static String tree(Path root) {
        if (!Files.exists(root)) return root.getFileName() + ":none";
        try (Stream<Path> files = Files.walk(root)) {
            long count = 0, size = 0, latest = 0;
            for (Path f : files.filter(Files::isRegularFile).toList()) {
                count++;
                size += Files.size(f);
                latest = Math.max(latest, Files.getLastModifiedTime(f).toMillis());
            }
            return root.getFileName() + ":" + count + ":" + size + ":" + latest;
        } catch (IOException e) {
            return root.getFileName() + ":unreadable";
        }
    }

    private static MessageDigest sha256() {
        try {
            return MessageDigest.getInstance("SHA-256");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every JDK has SHA-256", e);
        }
    }
}
