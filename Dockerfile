# Build stage: the whole multi-module project with Maven on JDK 17.
FROM maven:3.9-eclipse-temurin-17 AS build
WORKDIR /src
COPY . .
RUN mvn -B -q -DskipTests package

# Run stage: a slim JRE 17 with fonts, so headless charts render.
FROM eclipse-temurin:17-jre-jammy
RUN apt-get update \
 && apt-get install -y --no-install-recommends fontconfig fonts-dejavu-core \
 && rm -rf /var/lib/apt/lists/*
RUN useradd --system --create-home advisor
WORKDIR /opt/spark-advisor
COPY --from=build /src/bot/target/spark-advisor.jar ./
COPY --from=build /src/bot/target/lib ./lib
USER advisor
ENV JAVA_TOOL_OPTIONS="-Djava.awt.headless=true"
EXPOSE 3000
ENTRYPOINT ["java", "-jar", "/opt/spark-advisor/spark-advisor.jar"]
CMD ["serve"]
