import './scanner.css';
import { defineFieldRuntime } from '../../../runtime/react/contract';
import { TextDisplay } from '../../../runtime/react/widgets';
import { manifest } from './manifest';
import { ScannerWidget } from './ScannerWidget';

export const runtime = defineFieldRuntime({ manifest, Widget: ScannerWidget, Display: TextDisplay });
