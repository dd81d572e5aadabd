# MailDev (SMTP catcher with a REST API), installed by the local stack from scripts/tools/maildev's lockfile, on the
# Node base (scripts/images.sh stores). Settings as MAILDEV_* variables. The build context holds `maildev/`.
ARG NODE_BASE
FROM ${NODE_BASE}
COPY maildev /opt/maildev
ENV MAILDEV_SMTP_PORT=1025 \
    MAILDEV_WEB_PORT=1080
WORKDIR /tmp
USER node
EXPOSE 1025 1080
ENTRYPOINT ["node", "/opt/maildev/node_modules/maildev/dist/bin/maildev.js"]
