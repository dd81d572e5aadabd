# Toxiproxy, the build the local stack makes with Go (scripts/images.sh stores). The build context holds `toxiproxy-server`.
ARG DEBIAN_BASE
FROM ${DEBIAN_BASE}
COPY toxiproxy-server /usr/local/bin/toxiproxy-server
USER nobody
EXPOSE 8474
ENTRYPOINT ["toxiproxy-server"]
CMD ["-host", "0.0.0.0"]
