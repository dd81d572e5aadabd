# stripe-mock, the build the local stack makes with Go (scripts/images.sh stores). The build context holds `stripe-mock`.
ARG DEBIAN_BASE
FROM ${DEBIAN_BASE}
COPY stripe-mock /usr/local/bin/stripe-mock
USER nobody
EXPOSE 12111 12112
ENTRYPOINT ["stripe-mock"]
CMD ["-http-port", "12111", "-https-port", "12112"]
