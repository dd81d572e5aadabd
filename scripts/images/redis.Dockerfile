# Redis from Debian's package, the line the local stack runs (scripts/images.sh stores); options as arguments.
ARG DEBIAN_BASE
FROM ${DEBIAN_BASE}
# apt-get without questions (a build argument: the image keeps no such setting).
ARG DEBIAN_FRONTEND=noninteractive
ARG REDIS_APT_PACKAGE
RUN apt-get update && apt-get install -y --no-install-recommends "${REDIS_APT_PACKAGE}" \
 && rm -rf /var/lib/apt/lists/* \
 && mkdir -p /data && chown redis:redis /data
WORKDIR /data
USER redis
EXPOSE 6379
CMD ["redis-server", "--protected-mode", "no"]
