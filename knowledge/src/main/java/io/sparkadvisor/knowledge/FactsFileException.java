package io.sparkadvisor.knowledge;

/** Bad input: a file given as saved facts that cannot be read back. The message names the problem and the fix. */
public class FactsFileException extends RuntimeException {
    public FactsFileException(String message) {
        super(message);
    }
}
