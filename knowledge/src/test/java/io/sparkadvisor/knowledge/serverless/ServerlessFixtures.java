package io.sparkadvisor.knowledge.serverless;

import io.sparkadvisor.knowledge.Corpus;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;

/** The serverless fixtures under corpus/serverless/ (query history and billing as Databricks returns them; see its README). */
public final class ServerlessFixtures {
    private ServerlessFixtures() {}

    public static Path path(String name) {
        return Corpus.dir().resolve("serverless").resolve(name + ".json");
    }

    public static String json(String name) {
        try {
            return Files.readString(path(name));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    public static ServerlessRun run(String name) {
        return ServerlessRunJson.parse(json(name), name + ".json");
    }
}
