package io.sparkadvisor.bot.config;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code access.channels} in the config file: the Databricks group each Slack channel stands for. */
class AccessConfigTest {
    @TempDir
    Path dir;

    @Test
    void bindsChannelsToGroupsAndNoneByDefault() throws Exception {
        Path file = Files.writeString(dir.resolve("advisor.yaml"), "access:\n  channels:\n    C0DATA: data-eng\n");
        AdvisorConfig config = AdvisorConfig.load(file);
        assertEquals(Optional.of("data-eng"), config.access().groupOf("C0DATA"));
        assertEquals(Optional.empty(), config.access().groupOf("C0OTHER"));

        Path empty = Files.writeString(dir.resolve("empty.yaml"), "thresholds: {}\n");
        assertEquals(Optional.empty(), AdvisorConfig.load(empty).access().groupOf("C0DATA"));
    }

    @Test
    void aMisspelledSettingIsNamed() throws Exception {
        Path file = Files.writeString(dir.resolve("advisor.yaml"), "access:\n  channel:\n    C0DATA: data-eng\n");
        BadInputException e = assertThrows(BadInputException.class, () -> AdvisorConfig.load(file));
        assertTrue(e.getMessage().contains("channel"), e.getMessage());
    }
}
