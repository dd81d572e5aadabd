{{/* Chart name, truncated to the 63 characters a DNS label allows. */}}
{{- define "kicksight.name" -}}
{{- default .Chart.Name .Values.nameOverride | trunc 63 | trimSuffix "-" }}
{{- end }}

{{/* Release-qualified name; "kicksight" when the release is itself named kicksight. */}}
{{- define "kicksight.fullname" -}}
{{- if .Values.fullnameOverride }}
{{- .Values.fullnameOverride | trunc 63 | trimSuffix "-" }}
{{- else }}
{{- $name := default .Chart.Name .Values.nameOverride }}
{{- if contains $name .Release.Name }}
{{- .Release.Name | trunc 63 | trimSuffix "-" }}
{{- else }}
{{- printf "%s-%s" .Release.Name $name | trunc 63 | trimSuffix "-" }}
{{- end }}
{{- end }}
{{- end }}

{{/* Name of one workload's objects, e.g. kicksight-auth. Call with (dict "root" $ "name" "auth"). */}}
{{- define "kicksight.workloadName" -}}
{{- printf "%s-%s" (include "kicksight.fullname" .root) .name | trunc 63 | trimSuffix "-" }}
{{- end }}

{{- define "kicksight.chart" -}}
{{- printf "%s-%s" .Chart.Name .Chart.Version | replace "+" "_" | trunc 63 | trimSuffix "-" }}
{{- end }}

{{/* Labels shared by every object of the release. */}}
{{- define "kicksight.labels" -}}
helm.sh/chart: {{ include "kicksight.chart" . }}
app.kubernetes.io/part-of: kicksight
app.kubernetes.io/managed-by: {{ .Release.Service }}
{{- if .Chart.AppVersion }}
app.kubernetes.io/version: {{ .Chart.AppVersion | quote }}
{{- end }}
{{- end }}

{{/* Selector labels of one workload. Call with (dict "root" $ "name" "auth"). */}}
{{- define "kicksight.selectorLabels" -}}
app.kubernetes.io/name: {{ .name }}
app.kubernetes.io/instance: {{ .root.Release.Name }}
{{- end }}

{{/* All labels of one workload's objects. Call with (dict "root" $ "name" "auth"). */}}
{{- define "kicksight.workloadLabels" -}}
{{ include "kicksight.labels" .root }}
{{ include "kicksight.selectorLabels" . }}
app.kubernetes.io/component: {{ .name }}
{{- end }}

{{/* Name of the ConfigMap holding the shared, non-secret settings. */}}
{{- define "kicksight.configName" -}}
{{- printf "%s-config" (include "kicksight.fullname" .) | trunc 63 | trimSuffix "-" }}
{{- end }}

{{/*
"true" when the Jobs run as pre-install/pre-upgrade hooks, before any workload rolls. That needs everything
they read to exist before the release does: a Secret the chart creates (secrets.create) or stores it runs
(stores.inCluster) are created with the release, after pre-install hooks, so then the Jobs are ordinary objects
of the release instead (the services migrate their databases on start too).
*/}}
{{- define "kicksight.jobsAsHooks" -}}
{{- if or .Values.secrets.create .Values.stores.inCluster }}false{{ else }}true{{ end }}
{{- end }}

{{/*
Name and annotations of a Job. A hook Job is replaced on every install and upgrade; an ordinary one is named
per release revision (a Job's pod template cannot change). Call with (dict "root" $ "job" "topics" "hook"
"pre-install,pre-upgrade" "weight" "-10").
*/}}
{{- define "kicksight.jobMetadata" -}}
{{- $hooks := eq (include "kicksight.jobsAsHooks" .root) "true" -}}
{{- $name := printf "%s-%s" (include "kicksight.fullname" .root) .job -}}
name: {{ ternary $name (printf "%s-r%v" $name .root.Release.Revision) $hooks | trunc 63 | trimSuffix "-" }}
labels:
  {{- include "kicksight.labels" .root | nindent 2 }}
  app.kubernetes.io/component: {{ .job }}
{{- if $hooks }}
annotations:
  helm.sh/hook: {{ .hook }}
  helm.sh/hook-weight: {{ .weight | quote }}
  helm.sh/hook-delete-policy: before-hook-creation
{{- end }}
{{- end }}

{{/*
One workload's settings: .Values.defaults overlaid with .Values.services.<name>.
Returns YAML; use with fromYaml. Call with (dict "root" $ "name" "auth").
*/}}
{{- define "kicksight.workload" -}}
{{- $cfg := index .root.Values.services .name | default dict }}
{{- toYaml (mergeOverwrite (deepCopy .root.Values.defaults) (deepCopy $cfg)) }}
{{- end }}

{{/*
Image reference of one workload, following imageFrom to the workload whose image it runs.
Call with (dict "root" $ "name" "auth").
*/}}
{{- define "kicksight.image" -}}
{{- $svc := include "kicksight.workload" . | fromYaml }}
{{- $image := $svc.image | default dict }}
{{- if $svc.imageFrom }}
{{- $image = (index .root.Values.services $svc.imageFrom).image }}
{{- end }}
{{- $registry := $image.registry | default .root.Values.image.registry }}
{{- $tag := $image.tag | default .root.Values.image.tag | default .root.Chart.AppVersion }}
{{- if $registry }}
{{- printf "%s/%s:%s" (trimSuffix "/" $registry) $image.repository $tag }}
{{- else }}
{{- printf "%s:%s" $image.repository $tag }}
{{- end }}
{{- end }}

{{/* Pull policy of one workload's image. Call with (dict "root" $ "name" "auth"). */}}
{{- define "kicksight.pullPolicy" -}}
{{- $svc := include "kicksight.workload" . | fromYaml }}
{{- $image := $svc.image | default dict }}
{{- if $svc.imageFrom }}
{{- $image = (index .root.Values.services $svc.imageFrom).image }}
{{- end }}
{{- $image.pullPolicy | default .root.Values.image.pullPolicy }}
{{- end }}

{{/* URL of one workload's public port inside the cluster. Call with (dict "root" $ "name" "auth"). */}}
{{- define "kicksight.url" -}}
{{- $svc := index .root.Values.services .name }}
{{- printf "http://%s:%v" (include "kicksight.workloadName" .) $svc.port }}
{{- end }}

{{/* The address members open: publicUrl, else the ingress host. */}}
{{- define "kicksight.publicUrl" -}}
{{- if .Values.publicUrl }}
{{- trimSuffix "/" .Values.publicUrl }}
{{- else }}
{{- printf "%s://%s" (ternary "https" "http" (not (empty .Values.ingress.tlsSecretName))) .Values.ingress.host }}
{{- end }}
{{- end }}

{{/* Environment variables of one workload taken from the Secret. Call with (dict "root" $ "svc" $svc). */}}
{{- define "kicksight.secretEnv" -}}
{{- range $key, $secretKey := .svc.secretEnv }}
- name: {{ $key }}
  valueFrom:
    secretKeyRef:
      name: {{ $.root.Values.secrets.name }}
      key: {{ $secretKey }}
{{- end }}
{{- range $key, $secretKey := .svc.optionalSecretEnv }}
- name: {{ $key }}
  valueFrom:
    secretKeyRef:
      name: {{ $.root.Values.secrets.name }}
      key: {{ $secretKey }}
      optional: true
{{- end }}
{{- end }}

{{/*
Pod-level settings shared by Deployments and Jobs: no API token, pull secrets, security context.
Call with (dict "root" $ "svc" $svc); the workload's podSecurityContext replaces the default.
*/}}
{{- define "kicksight.podBasics" -}}
automountServiceAccountToken: false
{{- with .root.Values.imagePullSecrets }}
imagePullSecrets:
  {{- toYaml . | nindent 2 }}
{{- end }}
securityContext:
  {{- toYaml (.svc.podSecurityContext | default .root.Values.podSecurityContext) | nindent 2 }}
{{- end }}

{{/* The writable /tmp of every pod (the root filesystem is read-only). */}}
{{- define "kicksight.tmpVolume" -}}
- name: tmp
  emptyDir:
    sizeLimit: {{ .Values.tmpSizeLimit }}
{{- end }}

{{/* Container security context. Call with (dict "root" $ "svc" $svc). */}}
{{- define "kicksight.containerSecurity" -}}
{{- toYaml (.svc.securityContext | default .root.Values.securityContext) }}
{{- end }}

{{/*
Spec of a hook Job: one container in the image of workload `imageOf`, locked down like the
workloads. Call with (dict "root" $ "job" <name> "imageOf" <workload> "command" <list> "env" <map>
"secrets" <workload settings with secretEnv> "useConfig" <bool: envFrom the shared ConfigMap>
and optionally "data" <a volume source mounted read-only at /data>).
*/}}
{{- define "kicksight.jobSpec" -}}
{{- $root := .root -}}
backoffLimit: {{ $root.Values.jobs.backoffLimit }}
activeDeadlineSeconds: {{ $root.Values.jobs.activeDeadlineSeconds }}
ttlSecondsAfterFinished: {{ $root.Values.jobs.ttlSecondsAfterFinished }}
template:
  metadata:
    labels:
      app.kubernetes.io/name: {{ .job }}
      app.kubernetes.io/instance: {{ $root.Release.Name }}
      app.kubernetes.io/component: {{ .job }}
      app.kubernetes.io/part-of: kicksight
  spec:
    {{- include "kicksight.podBasics" (dict "root" $root "svc" dict) | nindent 4 }}
    restartPolicy: Never
    containers:
      - name: {{ .job }}
        image: {{ include "kicksight.image" (dict "root" $root "name" .imageOf) | quote }}
        imagePullPolicy: {{ include "kicksight.pullPolicy" (dict "root" $root "name" .imageOf) }}
        command:
          {{- toYaml .command | nindent 10 }}
        securityContext:
          {{- include "kicksight.containerSecurity" (dict "root" $root "svc" dict) | nindent 10 }}
        {{- if .useConfig }}
        envFrom:
          - configMapRef:
              name: {{ include "kicksight.configName" $root }}
        {{- end }}
        env:
          {{- range $key, $value := .env }}
          - name: {{ $key }}
            value: {{ $value | toString | quote }}
          {{- end }}
          {{- with include "kicksight.secretEnv" (dict "root" $root "svc" .secrets) | trim }}
          {{- . | nindent 10 }}
          {{- end }}
        resources:
          {{- toYaml $root.Values.jobs.resources | nindent 10 }}
        volumeMounts:
          - name: tmp
            mountPath: /tmp
          {{- if .data }}
          - name: data
            mountPath: /data
            readOnly: true
          {{- end }}
    volumes:
      {{- include "kicksight.tmpVolume" $root | nindent 6 }}
      {{- with .data }}
      - name: data
        {{- toYaml . | nindent 8 }}
      {{- end }}
{{- end }}
