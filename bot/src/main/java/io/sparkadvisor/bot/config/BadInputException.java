package io.sparkadvisor.bot.config;

/** Input the user can fix: a missing file, a malformed config. Printed as one line, exit code 2. */
public class BadInputException extends RuntimeException {
    public BadInputException(String message) {
        super(message);
    }
}
