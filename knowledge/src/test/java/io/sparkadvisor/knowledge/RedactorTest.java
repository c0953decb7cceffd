package io.sparkadvisor.knowledge;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class RedactorTest {
    /** The secrets the security audit (§3, §6) saw reach Slack and the facts cache. */
    static final List<String> PLANTED = List.of("AZKEY-AT-RUN-TIME-SECRET==", "AZKEY-ROTATED-NOW-SECRET==", "JdbcPwInUrl99",
            "EnvVarPw-OLD-SECRET-41", "EnvVarPw-SECRET-42", "wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY", "AZKEY+LEAK/abc123SECRETSECRET==",
            "Hunter2JdbcPw");

    @Test
    void theAuditsDriftNoticeLosesEverySecretButKeepsItsKeys() {
        String notice = "spark_conf: {\"spark.hadoop.fs.azure.account.key.prodlake.dfs.core.windows.net\":\"AZKEY-AT-RUN-TIME-SECRET==\"} → "
                + "{\"spark.hadoop.fs.azure.account.key.prodlake.dfs.core.windows.net\":\"AZKEY-ROTATED-NOW-SECRET==\","
                + "\"spark.hadoop.javax.jdo.option.ConnectionURL\":\"jdbc:mysql://meta:3306/hive?user=hive&password=JdbcPwInUrl99\"}; "
                + "spark_env_vars: {\"DB_PASSWORD\":\"EnvVarPw-OLD-SECRET-41\"} → "
                + "{\"DB_PASSWORD\":\"EnvVarPw-SECRET-42\",\"AWS_SECRET_ACCESS_KEY\":\"wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY\"}";
        String shown = Redactor.redact(notice);
        PLANTED.forEach(secret -> assertFalse(shown.contains(secret), secret + " in: " + shown));
        assertTrue(shown.contains("\"spark.hadoop.fs.azure.account.key.prodlake.dfs.core.windows.net\":\"****\""), shown);
        assertTrue(shown.contains("jdbc:mysql://meta:3306/hive?user=hive&password=****\""), shown);
        assertTrue(shown.contains("{\"DB_PASSWORD\":\"****\",\"AWS_SECRET_ACCESS_KEY\":\"****\"}"), shown);
    }

    @Test
    void theAuditsCachedPropertiesLoseTheirSecrets() {
        assertEquals("\"spark.hadoop.fs.azure.account.key.prodlake.dfs.core.windows.net\" : \"****\"",
                Redactor.redact("\"spark.hadoop.fs.azure.account.key.prodlake.dfs.core.windows.net\" : \"AZKEY+LEAK/abc123SECRETSECRET==\""));
        assertEquals("\"spark.myapp.jdbc.url\" : \"jdbc:postgresql://db:5432/app?user=etl&password=****\"",
                Redactor.redact("\"spark.myapp.jdbc.url\" : \"jdbc:postgresql://db:5432/app?user=etl&password=Hunter2JdbcPw\""));
    }

    @Test
    void secretsAreMaskedByTheirShapeUnderAnyKey() {
        String azureKey = "a".repeat(40) + "B1+/" + "c".repeat(42) + "==";
        assertEquals("storage key ****", Redactor.redact("storage key " + azureKey));
        assertEquals("https://lake.blob.core.windows.net/c?sv=2022-11-02&se=2026-12-31&sp=r&sig=****",
                Redactor.redact("https://lake.blob.core.windows.net/c?sv=2022-11-02&se=2026-12-31&sp=r&sig=Zm9vYmFy%2Bc2ln%3D"));
        assertEquals("id **** secret ****", Redactor.redact("id AKIAIOSFODNN7EXAMPLE secret wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY"));
        assertEquals("jdbc:sqlserver://db:1433;database=sales;user=etl;pwd=****;encrypt=true",
                Redactor.redact("jdbc:sqlserver://db:1433;database=sales;user=etl;pwd=S3cr3t!;encrypt=true"));
        assertEquals("postgresql://etl:****@db.internal:5432/sales", Redactor.redact("postgresql://etl:Pa55word@db.internal:5432/sales"));
        assertEquals("key: ****.", Redactor.redact("key: -----BEGIN RSA PRIVATE KEY-----\nMIIEpAIBAAKCAQEA\n-----END RSA PRIVATE KEY-----."));
        assertEquals("{\"pk\":\"****\"}", Redactor.redact(
                "{\"pk\":\"-----BEGIN PRIVATE KEY-----\\nMIIEvQIBADANBgkq\\n-----END PRIVATE KEY-----\"}"));
        assertEquals("Bearer **** and **** and ****", Redactor.redact("Bearer abc.def and dapi0123456789abcdef and xoxb-123-456-abc"));
    }

    @Test
    void credentialsAreMaskedByTheirKeyWhateverTheyLookLike() {
        assertEquals("DB_PASSWORD=**** AWS_SECRET_ACCESS_KEY=**** SAS_TOKEN=****",
                Redactor.redact("DB_PASSWORD=hunter2 AWS_SECRET_ACCESS_KEY=x SAS_TOKEN=sv"));
        assertEquals("{\"spark.hadoop.fs.s3a.access.key\": \"****\", \"spark.sql.shuffle.partitions\": \"200\"}",
                Redactor.redact("{\"spark.hadoop.fs.s3a.access.key\": \"my key with spaces\", \"spark.sql.shuffle.partitions\": \"200\"}"));
        assertEquals("google.cloud.auth.service.account.json.keyfile.credentials: ****",
                Redactor.redact("google.cloud.auth.service.account.json.keyfile.credentials: abc"));
        assertTrue(Redactor.isSensitiveKey("spark.hadoop.fs.azure.account.key.prodlake.dfs.core.windows.net"));
        assertTrue(Redactor.isSensitiveKey("spark.hadoop.fs.azure.sas.container.prodlake.blob.core.windows.net"));
        assertTrue(Redactor.isSensitiveKey("DB_PASSWORD"));
        assertTrue(Redactor.isSensitiveKey("AWS_SECRET_ACCESS_KEY"));
        assertTrue(Redactor.isSensitiveKey("spark.databricks.token"));
        assertFalse(Redactor.isSensitiveKey("spark.sql.shuffle.partitions"));
        assertFalse(Redactor.isSensitiveKey("spark.hadoop.javax.jdo.option.ConnectionURL"));
    }

    @ParameterizedTest
    @ValueSource(strings = {
            "spark.executor.memory=8g spark.sql.shuffle.partitions: 400 spark.sql.files.maxPartitionBytes=134217728",
            "org.apache.spark.serializer.KryoSerializer org.apache.spark.sql.execution.datasources.v2.DataSourceV2Strategy",
            "{\"DB_PASSWORD\":\"{{secrets/etl/db-password}}\",\"spark.hadoop.fs.azure.account.key.lake\":\"{{secrets/lake/key}}\"}",
            "fs.azure.account.key.lake={{secrets/lake/key}}",
            "num_workers: 3 → 20; node_type_id: Standard_DS3_v2 → Standard_E8ds_v5",
            "spark_conf: 2 keys changed: spark.sql.shuffle.partitions, spark.hadoop.fs.azure.account.key.prodlake.dfs.core.windows.net",
            "commit 0123456789abcdef0123456789abcdef01234567, run 2001 of job 101, grant_type=client_credentials",
            "jdbc:mysql://meta:3306/hive?user=hive", "https://adb-123.azuredatabricks.net/jobs/101/runs/2001",
            "the tasks of stage 4 read 12.5 GiB in 1,204 files; AQE is off (spark.sql.adaptive.enabled=false)"})
    void harmlessTextIsShownAsItIs(String text) {
        assertEquals(text, Redactor.redact(text));
    }

    @Test
    void nothingIsNothing() {
        assertEquals(null, Redactor.redact(null));
        assertEquals("", Redactor.redact(""));
    }
}
