package io.sparkadvisor.bot.access;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.sparkadvisor.databricks.WorkspaceUnavailableException;
import io.sparkadvisor.databricks.access.Access;
import io.sparkadvisor.databricks.access.JobAcl;
import io.sparkadvisor.databricks.access.JobAcl.Grant;
import io.sparkadvisor.databricks.access.JobAcl.Grantee;
import io.sparkadvisor.databricks.access.JobPermission;
import io.sparkadvisor.databricks.access.Principal;
import io.sparkadvisor.databricks.access.TablePrivileges;
import java.util.HashMap;
import java.util.LinkedList;
import java.util.Queue;
import java.util.function.Supplier;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;

/** The permission service's decisions over a scripted workspace seam: mapping people, keeping them a while, and where answers go. */
class AccessServiceTest {
    private static final Principal ANA = new Principal("1", "ana@example.com", "Ana", Set.of("data-eng"));

    /** Answers as scripted per email (in turn, the last one repeating) and per job; counts the lookups. */
    @SuppressWarnings("unchecked")
    private static final class ScriptedAccess implements Access {
        final Map<String, Queue<Supplier<Optional<Principal>>>> users = new HashMap<>();
        final Map<String, Integer> lookups = new HashMap<>();
        final Map<Long, JobAcl> acls = new HashMap<>();

        void user(String email, Supplier<Optional<Principal>>... answers) {
            users.put(email, new LinkedList<>(List.of(answers)));
        }

        @Override
        public Optional<Principal> userByEmail(String email) {
            lookups.merge(email, 1, Integer::sum);
            Queue<Supplier<Optional<Principal>>> answers = users.getOrDefault(email, new LinkedList<>(List.of(Optional::empty)));
            return (answers.size() > 1 ? answers.poll() : answers.peek()).get();
        }

        @Override
        public JobAcl jobAcl(long jobId) {
            return acls.get(jobId);
        }

        @Override
        public TablePrivileges onTable(String fullName, String principal) {
            return new TablePrivileges(fullName, principal, Set.of());
        }
    }

    private final ScriptedAccess access = new ScriptedAccess();
    private final AtomicReference<Instant> now = new AtomicReference<>(Instant.parse("2026-12-05T10:00:00Z"));
    private final Clock clock = new Clock() {
        @Override
        public java.time.ZoneId getZone() {
            return ZoneOffset.UTC;
        }

        @Override
        public Clock withZone(java.time.ZoneId zone) {
            return this;
        }

        @Override
        public Instant instant() {
            return now.get();
        }
    };
    private final AccessService service = new AccessService(access, new ChannelGroups(Map.of("C0DATA", "data-eng")), clock);
    private final AtomicInteger slackCalls = new AtomicInteger();
    private final SlackDirectory slack = new SlackDirectory() {
        @Override
        public Optional<String> email(String user) {
            slackCalls.incrementAndGet();
            return user.equals("U0NOMAIL") ? Optional.empty() : Optional.of(user.toLowerCase() + "@Example.com");
        }

        @Override
        public List<String> groupMembers(String groupId) {
            throw new UnsupportedOperationException("access decisions ask for no group");
        }
    };

    @Test
    void aPersonFoundOrNotIsKeptFiveMinutesThenAskedAgain() {
        access.user("u0ana@example.com", () -> Optional.of(ANA));

        for (int i = 0; i < 3; i++) {
            assertEquals(ANA, ((Decision.Allowed) service.person("U0ANA", slack)).principal());
            assertTrue(((Decision.Refused) service.person("U0ZED", slack)).reason().contains("u0zed@example.com"));
        }
        assertEquals(2, slackCalls.get(), "users.info once per person");
        assertEquals(1, access.lookups.get("u0zed@example.com"), "a miss is kept too");

        now.set(now.get().plus(AccessService.KEPT).plus(Duration.ofSeconds(1)));
        service.person("U0ZED", slack);
        assertEquals(2, access.lookups.get("u0zed@example.com"));
    }

    @Test
    void aFailedLookupIsSaidAndNotKept() {
        access.user("u0ana@example.com", () -> {
            throw new WorkspaceUnavailableException("Databricks is down", null);
        }, () -> Optional.of(ANA));

        Decision first = service.person("U0ANA", slack);
        assertTrue(((Decision.Refused) first).reason().contains("I could not check your permissions in Databricks"), first.toString());
        assertInstanceOf(Decision.Allowed.class, service.person("U0ANA", slack), "asked again, not kept as a miss");
        assertTrue(((Decision.Refused) service.person("U0NOMAIL", slack)).reason().contains("email"));
    }

    @Test
    void aRunOfNoJobIsForAdminsOnly() {
        access.user("u0ana@example.com", () -> Optional.of(ANA));
        assertTrue(((Decision.Refused) service.mayOnJob("U0ANA", null, JobPermission.CAN_VIEW, slack)).reason().contains("only workspace admins"));
    }

    @Test
    void answersGoToTheChannelOnlyWhenEveryoneOrItsBoundGroupMaySeeTheJob() {
        access.acls.put(1L, new JobAcl(1, List.of(new Grant(Grantee.GROUP, "users", Set.of(JobPermission.CAN_VIEW)))));
        access.acls.put(2L, new JobAcl(2, List.of(new Grant(Grantee.GROUP, "data-eng", Set.of(JobPermission.CAN_MANAGE_RUN)))));
        access.acls.put(3L, new JobAcl(3, List.of(new Grant(Grantee.USER, "ana@example.com", Set.of(JobPermission.IS_OWNER)))));
        access.user("u0ana@example.com", () -> Optional.of(ANA)); // who asks may see all three

        assertEquals(Audience.CHANNEL, service.mayViewJob("U0ANA", 1L, "C0OTHER", slack).audience());
        assertEquals(Audience.CHANNEL, service.mayViewJob("U0ANA", 2L, "C0DATA", slack).audience());
        assertEquals(Audience.REQUESTER, service.mayViewJob("U0ANA", 2L, "C0OTHER", slack).audience());
        assertEquals(Audience.REQUESTER, service.mayViewJob("U0ANA", 3L, "C0DATA", slack).audience());
        assertEquals(Audience.CHANNEL, service.mayViewJob("U0ANA", 3L, "D0ANA", slack).audience(), "a direct message stays one");
    }
}
