# Build stage: the whole multi-module project with Maven on JDK 17.
FROM maven:3.9-eclipse-temurin-17 AS build
WORKDIR /src
COPY . .
RUN mvn -B -q -DskipTests package

# Run stage: a slim JRE 17 with fonts, so headless charts render, and curl for the health check.
FROM eclipse-temurin:17-jre-jammy
RUN apt-get update \
 && apt-get install -y --no-install-recommends fontconfig fonts-dejavu-core curl \
 && rm -rf /var/lib/apt/lists/*
# A numeric uid, so Kubernetes' runAsNonRoot can verify it (deploy/kubernetes.yaml).
RUN useradd --system --uid 10001 --create-home advisor
WORKDIR /opt/spark-advisor
COPY --from=build /src/bot/target/spark-advisor.jar ./
COPY --from=build /src/bot/target/lib ./lib
USER 10001
ENV JAVA_TOOL_OPTIONS="-Djava.awt.headless=true"
# 3000: Slack's requests (HTTP mode); 9090: the operator's /healthz, /readyz, /metrics, kept off the public network.
EXPOSE 3000 9090
# Liveness only: /readyz would mark the container unhealthy whenever Slack or the workspace is down.
HEALTHCHECK --interval=30s --timeout=5s --start-period=60s --retries=3 \
  CMD curl -fsS "http://localhost:${SPARK_ADVISOR_OPS_PORT:-9090}/healthz" || exit 1
ENTRYPOINT ["java", "-jar", "/opt/spark-advisor/spark-advisor.jar"]
CMD ["serve"]
