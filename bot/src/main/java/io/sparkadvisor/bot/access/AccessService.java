package io.sparkadvisor.bot.access;

import io.sparkadvisor.bot.access.Decision.Allowed;
import io.sparkadvisor.bot.access.Decision.Refused;
import io.sparkadvisor.databricks.WorkspaceException;
import io.sparkadvisor.databricks.WorkspaceNotFoundException;
import io.sparkadvisor.databricks.access.Access;
import io.sparkadvisor.databricks.access.JobAcl;
import io.sparkadvisor.databricks.access.JobPermission;
import io.sparkadvisor.databricks.access.Principal;
import io.sparkadvisor.templates.replies.AccessReply;
import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import java.time.Clock;
import java.time.Duration;
import java.util.Locale;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Who may do what through the bot: the bot acts for a person, so every use case asks here first and
 * gets Databricks' own answer. A chat user is mapped to a workspace user by their email (SCIM);
 * seeing a job's runs, findings or history takes CAN VIEW on it, applying or rolling back a change
 * CAN MANAGE, reading a table SELECT on it (Unity Catalog). Where an answer may go follows from who
 * else reads the channel: everyone, when the job is shared with the workspace's {@code users} group
 * or with the Databricks group the configuration binds to the channel; otherwise only the requester.
 */
public final class AccessService {
    /** How long a person's mapping is kept, found or not: a new user or group takes effect within it. */
    public static final Duration KEPT = Duration.ofMinutes(5);
    private static final int PEOPLE_KEPT = 10_000;
    private static final Logger LOG = LoggerFactory.getLogger(AccessService.class);

    private final Access access;
    private final ChannelGroups channels;
    private final Cache<String, Person> people;

    /** A chat user as far as they could be mapped: their email (when the profile has one) and the workspace user of it. */
    private record Person(Optional<String> email, Optional<Principal> principal) {
    }

    public AccessService(Access access, ChannelGroups channels, Clock clock) {
        this.access = access;
        this.channels = channels;
        this.people = Caffeine.newBuilder().expireAfterWrite(KEPT).maximumSize(PEOPLE_KEPT)
                .ticker(() -> TimeUnit.MILLISECONDS.toNanos(clock.millis())).build();
    }

    /** The workspace user behind a chat user, or why there is none. */
    public Decision person(String chatUser, SlackDirectory directory) {
        Person person;
        try {
            person = people.get(chatUser, id -> lookUp(id, directory));
        } catch (RuntimeException e) {   // the workspace or Slack failed: nothing is kept, the next ask tries again
            LOG.warn("cannot map {} to a workspace user: {}", chatUser, e.getMessage());
            return new Refused(AccessReply.CANNOT_CHECK.text("reason", e.getMessage()));
        }
        if (person.email().isEmpty()) {
            return new Refused(AccessReply.NO_EMAIL.text());
        }
        return person.principal().<Decision>map(Allowed::new)
                .orElseGet(() -> new Refused(AccessReply.NO_USER.text("email", person.email().get())));
    }

    private Person lookUp(String chatUser, SlackDirectory directory) {
        Optional<String> email = directory.email(chatUser).filter(e -> !e.isBlank()).map(e -> e.toLowerCase(Locale.ROOT));
        return new Person(email, email.flatMap(access::userByEmail));
    }

    /**
     * Whether the chat user holds {@code needed} on the job. A run of no job (a one-time run) has no
     * permissions to ask, so only workspace admins may see it.
     */
    public Decision mayOnJob(String chatUser, Long jobId, JobPermission needed, SlackDirectory directory) {
        return onJob(chatUser, jobId, needed, "", directory).decision();
    }

    /** Whether the chat user may see the job (CAN VIEW), and where an answer about it may go: one read of its permissions. */
    public OnJob mayViewJob(String chatUser, Long jobId, String channel, SlackDirectory directory) {
        return onJob(chatUser, jobId, JobPermission.CAN_VIEW, channel, directory);
    }

    /** A decision on a job, and the audience of an answer about it (the requester alone unless allowed and shared). */
    public record OnJob(Decision decision, Audience audience) {
    }

    private OnJob onJob(String chatUser, Long jobId, JobPermission needed, String channel, SlackDirectory directory) {
        Decision person = person(chatUser, directory);
        if (!(person instanceof Allowed allowed)) {
            return new OnJob(person, Audience.REQUESTER);
        }
        Principal principal = allowed.principal();
        if (jobId == null) {
            return principal.isAdmin() ? new OnJob(person, Audience.CHANNEL)
                    : new OnJob(new Refused(AccessReply.ONE_TIME_RUN.text("user", principal.userName())), Audience.REQUESTER);
        }
        JobAcl acl;
        try {
            acl = access.jobAcl(jobId);
        } catch (WorkspaceException e) {
            return new OnJob(new Refused(AccessReply.CANNOT_CHECK.text("reason", e.getMessage())), Audience.REQUESTER);
        }
        return acl.allows(principal, needed) ? new OnJob(person, audience(channel, acl))
                : new OnJob(new Refused(AccessReply.NO_JOB_PERMISSION.text("permission", needed.words(), "jobId", jobId, "user",
                        principal.userName())), Audience.REQUESTER);
    }

    /** Whether the chat user may SELECT from table {@code catalog.schema.table}, counting grants to their groups and on parents. */
    public Decision maySelect(String chatUser, String table, SlackDirectory directory) {
        Decision person = person(chatUser, directory);
        if (!(person instanceof Allowed allowed)) {
            return person;
        }
        String user = allowed.principal().userName();
        try {
            return access.onTable(table, user).canSelect() ? person : new Refused(AccessReply.NO_SELECT.text("table", table, "user", user));
        } catch (WorkspaceNotFoundException noSuchTable) {
            return person; // holds no rows to protect: the lookup resolves the table first, runs nothing and says so
        } catch (WorkspaceException e) {
            return new Refused(AccessReply.CANNOT_CHECK.text("reason", e.getMessage()));
        }
    }

    /** Files read by path have no catalog grants to ask: only workspace admins may have them read. */
    public Decision mayReadByPath(String chatUser, String path, SlackDirectory directory) {
        Decision person = person(chatUser, directory);
        if (person instanceof Allowed allowed && !allowed.principal().isAdmin()) {
            return new Refused(AccessReply.PATH_ADMINS_ONLY.text("path", path, "user", allowed.principal().userName()));
        }
        return person;
    }

    /** Where an answer about the job may go: a direct message stays one; a channel only when all its members may see the job. */
    private Audience audience(String channel, JobAcl acl) {
        if (ChannelGroups.isDirect(channel)) {
            return Audience.CHANNEL;
        }
        boolean everyone = acl.allowsGroup(Principal.USERS, JobPermission.CAN_VIEW)
                || channels.groupOf(channel).filter(group -> acl.allowsGroup(group, JobPermission.CAN_VIEW)).isPresent();
        return everyone ? Audience.CHANNEL : Audience.REQUESTER;
    }

    /** Where values read from the table may go: a direct message, or a channel whose bound group may read the table too. */
    public Audience forTable(String channel, String table) {
        if (ChannelGroups.isDirect(channel)) {
            return Audience.CHANNEL;
        }
        return channels.groupOf(channel).filter(group -> access.onTable(table, group).canSelect()).isPresent()
                ? Audience.CHANNEL : Audience.REQUESTER;
    }
}
