import '@xyflow/react/dist/style.css';
import './workflow-designer.css';
import { NonIdealState, Spinner } from '@blueprintjs/core';
import { useQuery } from '@tanstack/react-query';
import { ReactFlowProvider } from '@xyflow/react';
import { useParams } from 'react-router-dom';
import { errorMessage } from '../../src/app/api/client';
import { usePageApp } from '../../src/app/shell/page-app';
import { fetchModule } from './api';
import { WorkflowDesigner } from './WorkflowDesigner';

/** /form-editor/show/:id/workflow: the module's workflow draft on a canvas, loaded on demand. */
export default function WorkflowDesignerPage() {
  const { id = '' } = useParams();
  const q = useQuery({ queryKey: ['workflow', 'module', id], queryFn: () => fetchModule(id), gcTime: 0 });
  usePageApp(q.data?.display_name);
  if (q.isLoading) return <Spinner className="page-spinner" />;
  if (q.error || !q.data) return <NonIdealState icon="error" title={errorMessage(q.error)} />;
  return (
    <ReactFlowProvider>
      <WorkflowDesigner key={id} initial={q.data} />
    </ReactFlowProvider>
  );
}
