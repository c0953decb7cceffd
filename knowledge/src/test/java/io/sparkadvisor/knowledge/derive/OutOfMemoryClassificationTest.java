package io.sparkadvisor.knowledge.derive;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** Which failure texts count as out of memory: exit code 143 (SIGTERM) is a kill by the cluster manager, not a memory fault. */
class OutOfMemoryClassificationTest {
    @Test
    void sigtermIsNotOutOfMemory() {
        assertFalse(StageAccumulator.isOutOfMemory("ExecutorLostFailure",
                "Container marked as failed: container_1 on host: h. Exit status: 143. Diagnostics: Container killed on request. Exit code is 143"));
        assertFalse(StageAccumulator.isOutOfMemory("ExecutorLostFailure", "Container preempted by scheduler. exit code 143"));
    }

    @Test
    void memoryKillsAreOutOfMemory() {
        assertTrue(StageAccumulator.isOutOfMemory("java.lang.OutOfMemoryError", "Java heap space"));
        assertTrue(StageAccumulator.isOutOfMemory("ExecutorLostFailure",
                "Container killed by YARN for exceeding memory limits. 5.5 GB of 5.5 GB physical memory used. Exit code is 143"));
        assertTrue(StageAccumulator.isOutOfMemory("ExecutorLostFailure", "Container killed on request. Exit code is 137"));
        assertTrue(StageAccumulator.isOutOfMemory("ExecutorLostFailure", "The executor with id 3 exited with exit code 137(SIGKILL, possible container OOM)."));
    }
}
