package io.sparkadvisor.databricks.access;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.sparkadvisor.databricks.Workspace;
import io.sparkadvisor.databricks.WorkspaceNotFoundException;
import io.sparkadvisor.databricks.WorkspacePermissionException;
import io.sparkadvisor.databricks.Workspaces;
import io.sparkadvisor.databricks.emulator.RecordedPeople;
import io.sparkadvisor.databricks.emulator.RecordedRequest;
import io.sparkadvisor.databricks.emulator.WorkspaceEmulator;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * People and permissions, asked the same way of a live workspace (the real SDK over HTTP against the
 * emulator) and of the recorded folder that the emulator serves ({@code --workspace-dir}).
 */
class AccessTest {
    enum Kind {
        LIVE(e -> Workspaces.connect(e.client(), null)),
        FOLDER(e -> Workspaces.fromDirectory(e.root()));

        final Function<WorkspaceEmulator, Workspace> open;

        Kind(Function<WorkspaceEmulator, Workspace> open) {
            this.open = open;
        }
    }

    private WorkspaceEmulator emulator;

    @BeforeEach
    void people() {
        emulator = WorkspaceEmulator.startWithSample();
        RecordedPeople.user(emulator, "ana@example.com", "data-eng");
        RecordedPeople.user(emulator, "bob@example.com");
        RecordedPeople.user(emulator, "root@example.com", "admins");
        RecordedPeople.user(emulator, "runner@example.com");
        Map<String, String> acl = new LinkedHashMap<>();
        acl.put("owner@example.com", "IS_OWNER");
        acl.put("data-eng", "CAN_MANAGE");
        acl.put("runner@example.com", "CAN_MANAGE_RUN");
        RecordedPeople.jobAcl(emulator, 7, acl);
        emulator.addTable("main.sales.orders", "DELTA", null);
        emulator.addTable("hr.payroll.salaries", "DELTA", null);
        RecordedPeople.grant(emulator, "main.sales", "data-eng", "USE_SCHEMA", "SELECT");
        RecordedPeople.grant(emulator, "main", "root@example.com", "ALL_PRIVILEGES");
    }

    @AfterEach
    void close() {
        emulator.close();
    }

    @ParameterizedTest
    @EnumSource(Kind.class)
    void findsAUserByEmailWithTheirGroupsInAnyCase(Kind kind) {
        Access access = kind.open.apply(emulator).access();
        Principal ana = access.userByEmail("Ana@Example.com").orElseThrow();
        assertEquals("ana@example.com", ana.userName());
        assertEquals(Set.of("data-eng"), ana.groups());
        assertTrue(ana.inGroup("users"), "every workspace user is in the users group");
        assertFalse(ana.isAdmin());
        assertTrue(access.userByEmail("root@example.com").orElseThrow().isAdmin());
        assertTrue(access.userByEmail("nobody@example.com").isEmpty());
    }

    @Test
    void asksScimWithOneFilteredRequestAndAQuotedEmail() {
        Access access = Kind.LIVE.open.apply(emulator).access();
        assertTrue(access.userByEmail("x\" or userName eq \"ana@example.com").isEmpty(), "a quote cannot widen the filter");
        emulator.clearRequests();
        access.userByEmail("ana@example.com").orElseThrow();
        List<RecordedRequest> asked = emulator.requests("GET", "/api/2.0/preview/scim/v2/Users");
        assertEquals(1, asked.size(), "the first page answers an exact filter");
        assertTrue(asked.get(0).query().contains("filter=userName+eq+%22ana%40example.com%22")
                || asked.get(0).query().contains("filter=userName%20eq%20%22ana%40example.com%22"), asked.get(0).query());
    }

    @Test
    void theEmulatorAnswersInScimsListShapeAndTheApisErrorShape() throws Exception {
        JsonNode found = get("/api/2.0/preview/scim/v2/Users?filter=" + URLEncoder.encode("userName eq \"ana@example.com\"",
                StandardCharsets.UTF_8) + "&attributes=userName,groups").body();
        assertEquals("urn:ietf:params:scim:api:messages:2.0:ListResponse", found.path("schemas").get(0).asText());
        assertEquals(1, found.path("totalResults").asInt());
        assertEquals("data-eng", found.path("Resources").get(0).path("groups").get(0).path("display").asText());
        assertFalse(found.path("Resources").get(0).has("displayName"), "only the attributes asked for");
        JsonNode none = get("/api/2.0/preview/scim/v2/Users?filter=" + URLEncoder.encode("userName eq \"x@y.z\"", StandardCharsets.UTF_8))
                .body();
        assertEquals(0, none.path("totalResults").asInt());
        assertFalse(none.has("Resources"), "an empty page has no Resources");

        var missing = get("/api/2.0/permissions/jobs/999");
        assertEquals(404, missing.statusCode());
        assertEquals("RESOURCE_DOES_NOT_EXIST", missing.body().path("error_code").asText());
        emulator.advisorIsAdmin(false);
        var denied = get("/api/2.0/permissions/jobs/7");
        assertEquals(403, denied.statusCode());
        assertEquals("PERMISSION_DENIED", denied.body().path("error_code").asText());
    }

    private record Answer(int statusCode, JsonNode body) {
    }

    /** A raw GET with the emulator's token, as any HTTP client would send it. */
    private Answer get(String pathAndQuery) throws Exception {
        HttpRequest request = HttpRequest.newBuilder(URI.create(emulator.url() + pathAndQuery))
                .header("Authorization", "Bearer " + WorkspaceEmulator.TOKEN).build();
        HttpResponse<String> answer = HttpClient.newHttpClient().send(request, HttpResponse.BodyHandlers.ofString());
        return new Answer(answer.statusCode(), new ObjectMapper().readTree(answer.body()));
    }

    @ParameterizedTest
    @EnumSource(Kind.class)
    void jobPermissionsCountDirectGrantsGroupsAndAdmins(Kind kind) {
        JobAcl acl = kind.open.apply(emulator).access().jobAcl(7);
        Access access = kind.open.apply(emulator).access();
        Principal ana = access.userByEmail("ana@example.com").orElseThrow();
        Principal bob = access.userByEmail("bob@example.com").orElseThrow();
        Principal runner = access.userByEmail("runner@example.com").orElseThrow();
        Principal root = access.userByEmail("root@example.com").orElseThrow();
        Principal owner = new Principal("9", "owner@example.com", null, Set.of());
        assertTrue(acl.allows(ana, JobPermission.CAN_MANAGE), "through the data-eng group");
        assertTrue(acl.allows(owner, JobPermission.CAN_MANAGE), "the owner manages the job");
        assertTrue(acl.allows(runner, JobPermission.CAN_VIEW), "running a job includes seeing it");
        assertFalse(acl.allows(runner, JobPermission.CAN_MANAGE));
        assertFalse(acl.allows(bob, JobPermission.CAN_VIEW), "the job is not shared with everyone");
        assertTrue(acl.allows(root, JobPermission.CAN_MANAGE), "admins manage every job");
        assertTrue(acl.allowsGroup("data-eng", JobPermission.CAN_VIEW));
        assertFalse(acl.allowsGroup("users", JobPermission.CAN_VIEW));
    }

    @ParameterizedTest
    @EnumSource(Kind.class)
    void aJobNobodySharedIsItsCreatorsAndTheAdmins(Kind kind) {
        emulator.putJson("jobs/8.json", "{\"job_id\":8,\"creator_user_name\":\"bob@example.com\",\"settings\":{\"name\":\"b\"}}");
        Access access = kind.open.apply(emulator).access();
        JobAcl acl = access.jobAcl(8);
        assertTrue(acl.allows(access.userByEmail("bob@example.com").orElseThrow(), JobPermission.CAN_MANAGE));
        assertFalse(acl.allows(access.userByEmail("ana@example.com").orElseThrow(), JobPermission.CAN_VIEW));
        assertThrows(WorkspaceNotFoundException.class, () -> access.jobAcl(999));
    }

    @Test
    void anAdvisorThatMayNotReadPermissionsIsToldSo() {
        emulator.advisorIsAdmin(false);
        Access access = Kind.LIVE.open.apply(emulator).access();
        WorkspacePermissionException e = assertThrows(WorkspacePermissionException.class, () -> access.jobAcl(7));
        assertTrue(e.getMessage().contains("permissions of job 7"), e.getMessage());
        assertThrows(WorkspacePermissionException.class, () -> access.onTable("main.sales.orders", "ana@example.com"));
    }

    @ParameterizedTest
    @EnumSource(Kind.class)
    void selectMayComeFromTheSchemaTheCatalogOrAllPrivileges(Kind kind) {
        Access access = kind.open.apply(emulator).access();
        assertTrue(access.onTable("main.sales.orders", "ana@example.com").canSelect(), "SELECT on the schema, through data-eng");
        assertTrue(access.onTable("main.sales.orders", "root@example.com").canSelect(), "ALL PRIVILEGES on the catalog");
        assertTrue(access.onTable("main.sales.orders", "data-eng").canSelect(), "asked for the group itself");
        TablePrivileges bob = access.onTable("main.sales.orders", "bob@example.com");
        assertFalse(bob.canSelect());
        assertEquals(Set.of(), bob.privileges());
        assertFalse(access.onTable("hr.payroll.salaries", "ana@example.com").canSelect(), "grants on main do not reach hr");
        assertThrows(WorkspaceNotFoundException.class, () -> access.onTable("main.sales.nothing", "ana@example.com"));
    }

    @Test
    void permissionLevelsAreOrdered() {
        assertTrue(JobPermission.IS_OWNER.covers(JobPermission.CAN_MANAGE));
        assertTrue(JobPermission.CAN_MANAGE.covers(JobPermission.CAN_MANAGE_RUN));
        assertTrue(JobPermission.CAN_MANAGE_RUN.covers(JobPermission.CAN_VIEW));
        assertFalse(JobPermission.CAN_VIEW.covers(JobPermission.CAN_MANAGE_RUN));
        assertFalse(JobPermission.CAN_MANAGE_RUN.covers(JobPermission.CAN_MANAGE));
        assertEquals("CAN VIEW", JobPermission.CAN_VIEW.words());
    }
}
