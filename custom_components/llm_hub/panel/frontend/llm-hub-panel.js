var Ve=Object.defineProperty;var Bt=Object.getOwnPropertyDescriptor;var f=(o,t,e)=>()=>{if(e)throw e[0];try{return o&&(t=o(o=0)),t}catch(s){throw e=[s],s}};var Kt=(o,t)=>{for(var e in t)Ve(o,e,{get:t[e],enumerable:!0})};var h=(o,t,e,s)=>{for(var r=s>1?void 0:s?Bt(t,e):t,i=o.length-1,n;i>=0;i--)(n=o[i])&&(r=(s?n(t,e,r):n(r))||r);return s&&r&&Ve(t,e,r),r};var me,_e,Ce,Xe,re,Ze,x,Ye,Re,Pe=f(()=>{"use strict";me=globalThis,_e=me.ShadowRoot&&(me.ShadyCSS===void 0||me.ShadyCSS.nativeShadow)&&"adoptedStyleSheets"in Document.prototype&&"replace"in CSSStyleSheet.prototype,Ce=Symbol(),Xe=new WeakMap,re=class{constructor(t,e,s){if(this._$cssResult$=!0,s!==Ce)throw Error("CSSResult is not constructable. Use `unsafeCSS` or `css` instead.");this.cssText=t,this.t=e}get styleSheet(){let t=this.o,e=this.t;if(_e&&t===void 0){let s=e!==void 0&&e.length===1;s&&(t=Xe.get(e)),t===void 0&&((this.o=t=new CSSStyleSheet).replaceSync(this.cssText),s&&Xe.set(e,t))}return t}toString(){return this.cssText}},Ze=o=>new re(typeof o=="string"?o:o+"",void 0,Ce),x=(o,...t)=>{let e=o.length===1?o[0]:t.reduce((s,r,i)=>s+(n=>{if(n._$cssResult$===!0)return n.cssText;if(typeof n=="number")return n;throw Error("Value passed to 'css' function must be a 'css' function result: "+n+". Use 'unsafeCSS' to pass non-literal values, but take care to ensure page security.")})(r)+o[i+1],o[0]);return new re(e,o,Ce)},Ye=(o,t)=>{if(_e)o.adoptedStyleSheets=t.map(e=>e instanceof CSSStyleSheet?e:e.styleSheet);else for(let e of t){let s=document.createElement("style"),r=me.litNonce;r!==void 0&&s.setAttribute("nonce",r),s.textContent=e.cssText,o.appendChild(s)}},Re=_e?o=>o:o=>o instanceof CSSStyleSheet?(t=>{let e="";for(let s of t.cssRules)e+=s.cssText;return Ze(e)})(o):o});var Gt,Vt,Xt,Zt,Yt,Qt,ge,Qe,es,ts,ie,oe,fe,et,J,ne=f(()=>{"use strict";Pe();Pe();({is:Gt,defineProperty:Vt,getOwnPropertyDescriptor:Xt,getOwnPropertyNames:Zt,getOwnPropertySymbols:Yt,getPrototypeOf:Qt}=Object),ge=globalThis,Qe=ge.trustedTypes,es=Qe?Qe.emptyScript:"",ts=ge.reactiveElementPolyfillSupport,ie=(o,t)=>o,oe={toAttribute(o,t){switch(t){case Boolean:o=o?es:null;break;case Object:case Array:o=o==null?o:JSON.stringify(o)}return o},fromAttribute(o,t){let e=o;switch(t){case Boolean:e=o!==null;break;case Number:e=o===null?null:Number(o);break;case Object:case Array:try{e=JSON.parse(o)}catch{e=null}}return e}},fe=(o,t)=>!Gt(o,t),et={attribute:!0,type:String,converter:oe,reflect:!1,useDefault:!1,hasChanged:fe};Symbol.metadata??=Symbol("metadata"),ge.litPropertyMetadata??=new WeakMap;J=class extends HTMLElement{static addInitializer(t){this._$Ei(),(this.l??=[]).push(t)}static get observedAttributes(){return this.finalize(),this._$Eh&&[...this._$Eh.keys()]}static createProperty(t,e=et){if(e.state&&(e.attribute=!1),this._$Ei(),this.prototype.hasOwnProperty(t)&&((e=Object.create(e)).wrapped=!0),this.elementProperties.set(t,e),!e.noAccessor){let s=Symbol(),r=this.getPropertyDescriptor(t,s,e);r!==void 0&&Vt(this.prototype,t,r)}}static getPropertyDescriptor(t,e,s){let{get:r,set:i}=Xt(this.prototype,t)??{get(){return this[e]},set(n){this[e]=n}};return{get:r,set(n){let c=r?.call(this);i?.call(this,n),this.requestUpdate(t,c,s)},configurable:!0,enumerable:!0}}static getPropertyOptions(t){return this.elementProperties.get(t)??et}static _$Ei(){if(this.hasOwnProperty(ie("elementProperties")))return;let t=Qt(this);t.finalize(),t.l!==void 0&&(this.l=[...t.l]),this.elementProperties=new Map(t.elementProperties)}static finalize(){if(this.hasOwnProperty(ie("finalized")))return;if(this.finalized=!0,this._$Ei(),this.hasOwnProperty(ie("properties"))){let e=this.properties,s=[...Zt(e),...Yt(e)];for(let r of s)this.createProperty(r,e[r])}let t=this[Symbol.metadata];if(t!==null){let e=litPropertyMetadata.get(t);if(e!==void 0)for(let[s,r]of e)this.elementProperties.set(s,r)}this._$Eh=new Map;for(let[e,s]of this.elementProperties){let r=this._$Eu(e,s);r!==void 0&&this._$Eh.set(r,e)}this.elementStyles=this.finalizeStyles(this.styles)}static finalizeStyles(t){let e=[];if(Array.isArray(t)){let s=new Set(t.flat(1/0).reverse());for(let r of s)e.unshift(Re(r))}else t!==void 0&&e.push(Re(t));return e}static _$Eu(t,e){let s=e.attribute;return s===!1?void 0:typeof s=="string"?s:typeof t=="string"?t.toLowerCase():void 0}constructor(){super(),this._$Ep=void 0,this.isUpdatePending=!1,this.hasUpdated=!1,this._$Em=null,this._$Ev()}_$Ev(){this._$ES=new Promise(t=>this.enableUpdating=t),this._$AL=new Map,this._$E_(),this.requestUpdate(),this.constructor.l?.forEach(t=>t(this))}addController(t){(this._$EO??=new Set).add(t),this.renderRoot!==void 0&&this.isConnected&&t.hostConnected?.()}removeController(t){this._$EO?.delete(t)}_$E_(){let t=new Map,e=this.constructor.elementProperties;for(let s of e.keys())this.hasOwnProperty(s)&&(t.set(s,this[s]),delete this[s]);t.size>0&&(this._$Ep=t)}createRenderRoot(){let t=this.shadowRoot??this.attachShadow(this.constructor.shadowRootOptions);return Ye(t,this.constructor.elementStyles),t}connectedCallback(){this.renderRoot??=this.createRenderRoot(),this.enableUpdating(!0),this._$EO?.forEach(t=>t.hostConnected?.())}enableUpdating(t){}disconnectedCallback(){this._$EO?.forEach(t=>t.hostDisconnected?.())}attributeChangedCallback(t,e,s){this._$AK(t,s)}_$ET(t,e){let s=this.constructor.elementProperties.get(t),r=this.constructor._$Eu(t,s);if(r!==void 0&&s.reflect===!0){let i=(s.converter?.toAttribute!==void 0?s.converter:oe).toAttribute(e,s.type);this._$Em=t,i==null?this.removeAttribute(r):this.setAttribute(r,i),this._$Em=null}}_$AK(t,e){let s=this.constructor,r=s._$Eh.get(t);if(r!==void 0&&this._$Em!==r){let i=s.getPropertyOptions(r),n=typeof i.converter=="function"?{fromAttribute:i.converter}:i.converter?.fromAttribute!==void 0?i.converter:oe;this._$Em=r;let c=n.fromAttribute(e,i.type);this[r]=c??this._$Ej?.get(r)??c,this._$Em=null}}requestUpdate(t,e,s,r=!1,i){if(t!==void 0){let n=this.constructor;if(r===!1&&(i=this[t]),s??=n.getPropertyOptions(t),!((s.hasChanged??fe)(i,e)||s.useDefault&&s.reflect&&i===this._$Ej?.get(t)&&!this.hasAttribute(n._$Eu(t,s))))return;this.C(t,e,s)}this.isUpdatePending===!1&&(this._$ES=this._$EP())}C(t,e,{useDefault:s,reflect:r,wrapped:i},n){s&&!(this._$Ej??=new Map).has(t)&&(this._$Ej.set(t,n??e??this[t]),i!==!0||n!==void 0)||(this._$AL.has(t)||(this.hasUpdated||s||(e=void 0),this._$AL.set(t,e)),r===!0&&this._$Em!==t&&(this._$Eq??=new Set).add(t))}async _$EP(){this.isUpdatePending=!0;try{await this._$ES}catch(e){Promise.reject(e)}let t=this.scheduleUpdate();return t!=null&&await t,!this.isUpdatePending}scheduleUpdate(){return this.performUpdate()}performUpdate(){if(!this.isUpdatePending)return;if(!this.hasUpdated){if(this.renderRoot??=this.createRenderRoot(),this._$Ep){for(let[r,i]of this._$Ep)this[r]=i;this._$Ep=void 0}let s=this.constructor.elementProperties;if(s.size>0)for(let[r,i]of s){let{wrapped:n}=i,c=this[r];n!==!0||this._$AL.has(r)||c===void 0||this.C(r,void 0,i,c)}}let t=!1,e=this._$AL;try{t=this.shouldUpdate(e),t?(this.willUpdate(e),this._$EO?.forEach(s=>s.hostUpdate?.()),this.update(e)):this._$EM()}catch(s){throw t=!1,this._$EM(),s}t&&this._$AE(e)}willUpdate(t){}_$AE(t){this._$EO?.forEach(e=>e.hostUpdated?.()),this.hasUpdated||(this.hasUpdated=!0,this.firstUpdated(t)),this.updated(t)}_$EM(){this._$AL=new Map,this.isUpdatePending=!1}get updateComplete(){return this.getUpdateComplete()}getUpdateComplete(){return this._$ES}shouldUpdate(t){return!0}update(t){this._$Eq&&=this._$Eq.forEach(e=>this._$ET(e,this[e])),this._$EM()}updated(t){}firstUpdated(t){}};J.elementStyles=[],J.shadowRootOptions={mode:"open"},J[ie("elementProperties")]=new Map,J[ie("finalized")]=new Map,ts?.({ReactiveElement:J}),(ge.reactiveElementVersions??=[]).push("2.1.2")});function ht(o,t){if(!ze(o)||!o.hasOwnProperty("raw"))throw Error("invalid template strings array");return st!==void 0?st.createHTML(t):t}function Q(o,t,e=o,s){if(t===V)return t;let r=s!==void 0?e._$Co?.[s]:e._$Cl,i=ce(t)?void 0:t._$litDirective$;return r?.constructor!==i&&(r?._$AO?.(!1),i===void 0?r=void 0:(r=new i(o),r._$AT(o,e,s)),s!==void 0?(e._$Co??=[])[s]=r:e._$Cl=r),r!==void 0&&(t=Q(o,r._$AS(o,t.values),r,s)),t}var je,tt,ve,st,lt,F,ct,ss,G,le,ce,ze,rs,Me,ae,rt,it,B,ot,nt,dt,Je,a,ws,As,V,d,at,K,is,de,Oe,he,ee,Ne,Ue,Ie,De,os,pt,be=f(()=>{"use strict";je=globalThis,tt=o=>o,ve=je.trustedTypes,st=ve?ve.createPolicy("lit-html",{createHTML:o=>o}):void 0,lt="$lit$",F=`lit$${Math.random().toFixed(9).slice(2)}$`,ct="?"+F,ss=`<${ct}>`,G=document,le=()=>G.createComment(""),ce=o=>o===null||typeof o!="object"&&typeof o!="function",ze=Array.isArray,rs=o=>ze(o)||typeof o?.[Symbol.iterator]=="function",Me=`[ 	
\f\r]`,ae=/<(?:(!--|\/[^a-zA-Z])|(\/?[a-zA-Z][^>\s]*)|(\/?$))/g,rt=/-->/g,it=/>/g,B=RegExp(`>|${Me}(?:([^\\s"'>=/]+)(${Me}*=${Me}*(?:[^ 	
\f\r"'\`<>=]|("|')|))|$)`,"g"),ot=/'/g,nt=/"/g,dt=/^(?:script|style|textarea|title)$/i,Je=o=>(t,...e)=>({_$litType$:o,strings:t,values:e}),a=Je(1),ws=Je(2),As=Je(3),V=Symbol.for("lit-noChange"),d=Symbol.for("lit-nothing"),at=new WeakMap,K=G.createTreeWalker(G,129);is=(o,t)=>{let e=o.length-1,s=[],r,i=t===2?"<svg>":t===3?"<math>":"",n=ae;for(let c=0;c<e;c++){let p=o[c],u,v,b=-1,z=0;for(;z<p.length&&(n.lastIndex=z,v=n.exec(p),v!==null);)z=n.lastIndex,n===ae?v[1]==="!--"?n=rt:v[1]!==void 0?n=it:v[2]!==void 0?(dt.test(v[2])&&(r=RegExp("</"+v[2],"g")),n=B):v[3]!==void 0&&(n=B):n===B?v[0]===">"?(n=r??ae,b=-1):v[1]===void 0?b=-2:(b=n.lastIndex-v[2].length,u=v[1],n=v[3]===void 0?B:v[3]==='"'?nt:ot):n===nt||n===ot?n=B:n===rt||n===it?n=ae:(n=B,r=void 0);let H=n===B&&o[c+1].startsWith("/>")?" ":"";i+=n===ae?p+ss:b>=0?(s.push(u),p.slice(0,b)+lt+p.slice(b)+F+H):p+F+(b===-2?c:H)}return[ht(o,i+(o[e]||"<?>")+(t===2?"</svg>":t===3?"</math>":"")),s]},de=class o{constructor({strings:t,_$litType$:e},s){let r;this.parts=[];let i=0,n=0,c=t.length-1,p=this.parts,[u,v]=is(t,e);if(this.el=o.createElement(u,s),K.currentNode=this.el.content,e===2||e===3){let b=this.el.content.firstChild;b.replaceWith(...b.childNodes)}for(;(r=K.nextNode())!==null&&p.length<c;){if(r.nodeType===1){if(r.hasAttributes())for(let b of r.getAttributeNames())if(b.endsWith(lt)){let z=v[n++],H=r.getAttribute(b).split(F),ue=/([.?@])?(.*)/.exec(z);p.push({type:1,index:i,name:ue[2],strings:H,ctor:ue[1]==="."?Ne:ue[1]==="?"?Ue:ue[1]==="@"?Ie:ee}),r.removeAttribute(b)}else b.startsWith(F)&&(p.push({type:6,index:i}),r.removeAttribute(b));if(dt.test(r.tagName)){let b=r.textContent.split(F),z=b.length-1;if(z>0){r.textContent=ve?ve.emptyScript:"";for(let H=0;H<z;H++)r.append(b[H],le()),K.nextNode(),p.push({type:2,index:++i});r.append(b[z],le())}}}else if(r.nodeType===8)if(r.data===ct)p.push({type:2,index:i});else{let b=-1;for(;(b=r.data.indexOf(F,b+1))!==-1;)p.push({type:7,index:i}),b+=F.length-1}i++}}static createElement(t,e){let s=G.createElement("template");return s.innerHTML=t,s}};Oe=class{constructor(t,e){this._$AV=[],this._$AN=void 0,this._$AD=t,this._$AM=e}get parentNode(){return this._$AM.parentNode}get _$AU(){return this._$AM._$AU}u(t){let{el:{content:e},parts:s}=this._$AD,r=(t?.creationScope??G).importNode(e,!0);K.currentNode=r;let i=K.nextNode(),n=0,c=0,p=s[0];for(;p!==void 0;){if(n===p.index){let u;p.type===2?u=new he(i,i.nextSibling,this,t):p.type===1?u=new p.ctor(i,p.name,p.strings,this,t):p.type===6&&(u=new De(i,this,t)),this._$AV.push(u),p=s[++c]}n!==p?.index&&(i=K.nextNode(),n++)}return K.currentNode=G,r}p(t){let e=0;for(let s of this._$AV)s!==void 0&&(s.strings!==void 0?(s._$AI(t,s,e),e+=s.strings.length-2):s._$AI(t[e])),e++}},he=class o{get _$AU(){return this._$AM?._$AU??this._$Cv}constructor(t,e,s,r){this.type=2,this._$AH=d,this._$AN=void 0,this._$AA=t,this._$AB=e,this._$AM=s,this.options=r,this._$Cv=r?.isConnected??!0}get parentNode(){let t=this._$AA.parentNode,e=this._$AM;return e!==void 0&&t?.nodeType===11&&(t=e.parentNode),t}get startNode(){return this._$AA}get endNode(){return this._$AB}_$AI(t,e=this){t=Q(this,t,e),ce(t)?t===d||t==null||t===""?(this._$AH!==d&&this._$AR(),this._$AH=d):t!==this._$AH&&t!==V&&this._(t):t._$litType$!==void 0?this.$(t):t.nodeType!==void 0?this.T(t):rs(t)?this.k(t):this._(t)}O(t){return this._$AA.parentNode.insertBefore(t,this._$AB)}T(t){this._$AH!==t&&(this._$AR(),this._$AH=this.O(t))}_(t){this._$AH!==d&&ce(this._$AH)?this._$AA.nextSibling.data=t:this.T(G.createTextNode(t)),this._$AH=t}$(t){let{values:e,_$litType$:s}=t,r=typeof s=="number"?this._$AC(t):(s.el===void 0&&(s.el=de.createElement(ht(s.h,s.h[0]),this.options)),s);if(this._$AH?._$AD===r)this._$AH.p(e);else{let i=new Oe(r,this),n=i.u(this.options);i.p(e),this.T(n),this._$AH=i}}_$AC(t){let e=at.get(t.strings);return e===void 0&&at.set(t.strings,e=new de(t)),e}k(t){ze(this._$AH)||(this._$AH=[],this._$AR());let e=this._$AH,s,r=0;for(let i of t)r===e.length?e.push(s=new o(this.O(le()),this.O(le()),this,this.options)):s=e[r],s._$AI(i),r++;r<e.length&&(this._$AR(s&&s._$AB.nextSibling,r),e.length=r)}_$AR(t=this._$AA.nextSibling,e){for(this._$AP?.(!1,!0,e);t!==this._$AB;){let s=tt(t).nextSibling;tt(t).remove(),t=s}}setConnected(t){this._$AM===void 0&&(this._$Cv=t,this._$AP?.(t))}},ee=class{get tagName(){return this.element.tagName}get _$AU(){return this._$AM._$AU}constructor(t,e,s,r,i){this.type=1,this._$AH=d,this._$AN=void 0,this.element=t,this.name=e,this._$AM=r,this.options=i,s.length>2||s[0]!==""||s[1]!==""?(this._$AH=Array(s.length-1).fill(new String),this.strings=s):this._$AH=d}_$AI(t,e=this,s,r){let i=this.strings,n=!1;if(i===void 0)t=Q(this,t,e,0),n=!ce(t)||t!==this._$AH&&t!==V,n&&(this._$AH=t);else{let c=t,p,u;for(t=i[0],p=0;p<i.length-1;p++)u=Q(this,c[s+p],e,p),u===V&&(u=this._$AH[p]),n||=!ce(u)||u!==this._$AH[p],u===d?t=d:t!==d&&(t+=(u??"")+i[p+1]),this._$AH[p]=u}n&&!r&&this.j(t)}j(t){t===d?this.element.removeAttribute(this.name):this.element.setAttribute(this.name,t??"")}},Ne=class extends ee{constructor(){super(...arguments),this.type=3}j(t){this.element[this.name]=t===d?void 0:t}},Ue=class extends ee{constructor(){super(...arguments),this.type=4}j(t){this.element.toggleAttribute(this.name,!!t&&t!==d)}},Ie=class extends ee{constructor(t,e,s,r,i){super(t,e,s,r,i),this.type=5}_$AI(t,e=this){if((t=Q(this,t,e,0)??d)===V)return;let s=this._$AH,r=t===d&&s!==d||t.capture!==s.capture||t.once!==s.once||t.passive!==s.passive,i=t!==d&&(s===d||r);r&&this.element.removeEventListener(this.name,this,s),i&&this.element.addEventListener(this.name,this,t),this._$AH=t}handleEvent(t){typeof this._$AH=="function"?this._$AH.call(this.options?.host??this.element,t):this._$AH.handleEvent(t)}},De=class{constructor(t,e,s){this.element=t,this.type=6,this._$AN=void 0,this._$AM=e,this.options=s}get _$AU(){return this._$AM._$AU}_$AI(t){Q(this,t)}},os=je.litHtmlPolyfillSupport;os?.(de,he),(je.litHtmlVersions??=[]).push("3.3.3");pt=(o,t,e)=>{let s=e?.renderBefore??t,r=s._$litPart$;if(r===void 0){let i=e?.renderBefore??null;s._$litPart$=r=new he(t.insertBefore(le(),i),i,void 0,e??{})}return r._$AI(o),r}});var We,$,ns,ut=f(()=>{"use strict";ne();ne();be();be();We=globalThis,$=class extends J{constructor(){super(...arguments),this.renderOptions={host:this},this._$Do=void 0}createRenderRoot(){let t=super.createRenderRoot();return this.renderOptions.renderBefore??=t.firstChild,t}update(t){let e=this.render();this.hasUpdated||(this.renderOptions.isConnected=this.isConnected),super.update(t),this._$Do=pt(e,this.renderRoot,this.renderOptions)}connectedCallback(){super.connectedCallback(),this._$Do?.setConnected(!0)}disconnectedCallback(){super.disconnectedCallback(),this._$Do?.setConnected(!1)}render(){return V}};$._$litElement$=!0,$.finalized=!0,We.litElementHydrateSupport?.({LitElement:$});ns=We.litElementPolyfillSupport;ns?.({LitElement:$});(We.litElementVersions??=[]).push("4.2.2")});var mt=f(()=>{"use strict";});var P=f(()=>{"use strict";ne();be();ut();mt()});var A,_t=f(()=>{"use strict";A=o=>(t,e)=>{e!==void 0?e.addInitializer(()=>{customElements.define(o,t)}):customElements.define(o,t)}});function g(o){return(t,e)=>typeof e=="object"?ls(o,t,e):((s,r,i)=>{let n=r.hasOwnProperty(i);return r.constructor.createProperty(i,s),n?Object.getOwnPropertyDescriptor(r,i):void 0})(o,t,e)}var as,ls,qe=f(()=>{"use strict";ne();as={attribute:!0,type:String,converter:oe,reflect:!1,hasChanged:fe},ls=(o=as,t,e)=>{let{kind:s,metadata:r}=e,i=globalThis.litPropertyMetadata.get(r);if(i===void 0&&globalThis.litPropertyMetadata.set(r,i=new Map),s==="setter"&&((o=Object.create(o)).wrapped=!0),i.set(e.name,o),s==="accessor"){let{name:n}=e;return{set(c){let p=t.get.call(this);t.set.call(this,c),this.requestUpdate(n,p,o,!0,c)},init(c){return c!==void 0&&this.C(n,void 0,o,c),c}}}if(s==="setter"){let{name:n}=e;return function(c){let p=this[n];t.call(this,c),this.requestUpdate(n,p,o,!0,c)}}throw Error("Unsupported decorator location: "+s)}});function m(o){return g({...o,state:!0,attribute:!1})}var gt=f(()=>{"use strict";qe();});var ft=f(()=>{"use strict";});var X,te=f(()=>{"use strict";X=(o,t,e)=>(e.configurable=!0,e.enumerable=!0,Reflect.decorate&&typeof t!="object"&&Object.defineProperty(o,t,e),e)});function vt(o,t){return(e,s,r)=>{let i=n=>n.renderRoot?.querySelector(o)??null;if(t){let{get:n,set:c}=typeof s=="object"?e:r??(()=>{let p=Symbol();return{get(){return this[p]},set(u){this[p]=u}}})();return X(e,s,{get(){let p=n.call(this);return p===void 0&&(p=i(this),(p!==null||this.hasUpdated)&&c.call(this,p)),p}})}return X(e,s,{get(){return i(this)}})}}var bt=f(()=>{"use strict";te();});var $t=f(()=>{"use strict";te();});var yt=f(()=>{"use strict";te();});var xt=f(()=>{"use strict";te();});var wt=f(()=>{"use strict";te();});var U=f(()=>{"use strict";_t();qe();gt();ft();bt();$t();yt();xt();wt()});function St(o){return!!o.localize(Fe+cs)}async function kt(o){if(He?.language!==o.language){let t=Promise.all([o.loadBackendTranslation(Et,$e),o.loadBackendTranslation("options",$e)]);He={language:o.language,loading:t}}await He.loading}function l(o,t,e={}){let s={};for(let[i,n]of Object.entries(e))s[i]=typeof n=="number"?_(o,n):n;let r=o.localize(Fe+t,s);return r?(At=o.localize,r):At?.(Fe+t,s)||t}function pe(o,t){return o.localize(`component.${$e}.options.step.init.menu_options.${t}`)||t}function W(o,t,e){let s={},r={};for(let[n,c]of Object.entries(e))typeof c=="object"?(r[n]=c,s[n]=`${n}`):s[n]=c;let i=l(o,t,s).split("");return a`${i.map((n,c)=>c%2?r[n]??n:n)}`}function ds(o){switch(o.locale?.number_format){case"comma_decimal":return["en-US","en"];case"decimal_comma":return["de","es","it"];case"space_comma":return["fr","sv","cs"];case"system":return;default:return o.locale?.language??o.language}}function _(o,t){if(t==null)return"–";let e=o.locale?.number_format==="none"?{useGrouping:!1}:{};return new Intl.NumberFormat(ds(o),e).format(t)}function Tt(o){let t=o.locale?.time_format,e={};return(t==="12"||t==="24")&&(e.hour12=t==="12"),o.locale?.time_zone==="server"&&o.config?.time_zone&&(e.timeZone=o.config.time_zone),e}function Ct(o){return o.locale?.language??o.language}function ye(o,t){return new Date(t).toLocaleString(Ct(o),{dateStyle:"medium",timeStyle:"medium",...Tt(o)})}function Rt(o,t){return new Date(t).toLocaleTimeString(Ct(o),{timeStyle:"medium",...Tt(o)})}var Et,$e,Fe,cs,At,He,I=f(()=>{"use strict";P();Et="config_panel",$e="llm_hub",Fe=`component.${$e}.${Et}.`,cs="tabs.hubs"});function Le(o){history.pushState(null,"",o),window.dispatchEvent(new CustomEvent("location-changed",{detail:{replace:!1}}))}function N(o){o.stopPropagation(),!(o.ctrlKey||o.metaKey||o.shiftKey||o.button!==0)&&(o.preventDefault(),Le(o.currentTarget.getAttribute("href")))}function xe(o,t){return t==="llm_hub"?l(o,"platform.bench"):t==="mcp_server"?"MCP Server":t}function we(o,t,e){return e?e===o.user?.id?l(o,"common.you",{name:o.user.name}):t.find(s=>s.id===e)?.name??e:"–"}function Ae(o,t){return t?t.mode==="search"?l(o,"mode.search"):t.mode==="search_over_limit"?l(o,t.active?"mode.over_limit_searching":"mode.over_limit_all"):l(o,"mode.all"):"–"}function L(o){let t=o.split(/(?<=[_.])(?![_.])/);return a`${t.map((e,s)=>a`${s?a`<wbr />`:d}${e}`)}`}function Pt(o,t){if(!t)return[];let e=(r,i)=>a`<span class="badge ${r}">${l(o,`annotation.${i}`)}</span>`,s=[];return t.read_only?s.push(e("info","read_only")):(t.destructive&&s.push(e("error","destructive")),t.idempotent&&s.push(e("","idempotent"))),t.open_world&&s.push(e("warning","open_world")),s}function Be(o,t){let e=l(o,`outcome.${t}`);return e===`outcome.${t}`?t.replace("_"," "):e}function Ee(o,t){return a`<span class="badge ${t==="ok"?"success":t==="needs_confirmation"?"warning":"error"}">${Be(o,t)}</span>`}var E,D=f(()=>{"use strict";P();I();E=x`
  :host {
    display: block;
    color: var(--primary-text-color);
    font-family: var(--ha-font-family-body, Roboto, Noto, sans-serif);
    font-size: 14px;
  }
  a {
    color: var(--primary-color);
    text-decoration: none;
  }
  a:hover {
    text-decoration: underline;
  }
  .card {
    background: var(--ha-card-background, var(--card-background-color, #fff));
    border-radius: var(--ha-card-border-radius, 12px);
    border: var(--ha-card-border-width, 1px) solid var(--ha-card-border-color, var(--divider-color, #e0e0e0));
    box-shadow: var(--ha-card-box-shadow, none);
    padding: 16px;
    margin-bottom: 16px;
  }
  .card h2 {
    margin: 0 0 12px;
    font-size: 20px;
    font-weight: 400;
  }
  .secondary {
    color: var(--secondary-text-color);
  }
  .table-wrap {
    overflow-x: auto;
  }
  table {
    width: 100%;
    border-collapse: collapse;
  }
  td code {
    overflow-wrap: break-word;
  }
  th,
  td {
    text-align: left;
    padding: 8px;
    border-bottom: 1px solid var(--divider-color);
    vertical-align: top;
  }
  th {
    font-weight: 500;
    color: var(--secondary-text-color);
    white-space: nowrap;
  }
  td.number,
  th.number {
    text-align: right;
    white-space: nowrap;
  }
  tr.clickable {
    cursor: pointer;
  }
  tr.clickable:hover,
  tr.open {
    background: var(--secondary-background-color);
  }
  tr.hidden-tool td {
    color: var(--secondary-text-color);
  }
  .badge {
    display: inline-block;
    padding: 1px 8px;
    margin: 1px 4px 1px 0;
    border-radius: 10px;
    font-size: 12px;
    line-height: 18px;
    white-space: nowrap;
    border: 1px solid var(--divider-color);
    color: var(--primary-text-color);
  }
  .badge.info {
    border-color: var(--info-color, #039be5);
    color: var(--info-color, #039be5);
  }
  .badge.success {
    border-color: var(--success-color, #43a047);
    color: var(--success-color, #43a047);
  }
  .badge.warning {
    border-color: var(--warning-color, #ffa600);
    color: var(--warning-color, #ffa600);
  }
  .badge.error {
    border-color: var(--error-color, #db4437);
    color: var(--error-color, #db4437);
  }
  .alert {
    padding: 8px 12px;
    border-radius: 8px;
    border-left: 4px solid var(--warning-color, #ffa600);
    background: var(--secondary-background-color);
    margin-bottom: 12px;
  }
  .alert.error {
    border-left-color: var(--error-color, #db4437);
  }
  pre,
  code {
    font-family: var(--ha-font-family-code, var(--code-font-family, monospace));
    font-size: 12px;
  }
  pre {
    background: var(--secondary-background-color);
    color: var(--primary-text-color);
    padding: 8px 12px;
    border-radius: 8px;
    overflow: auto;
    white-space: pre-wrap;
    word-break: break-word;
    margin: 4px 0 8px;
  }
  input,
  select,
  textarea,
  button {
    font: inherit;
    color: var(--primary-text-color);
    background: var(--card-background-color, var(--primary-background-color));
    border: 1px solid var(--divider-color);
    border-radius: 6px;
    padding: 6px 8px;
  }
  textarea {
    width: 100%;
    box-sizing: border-box;
    min-height: 80px;
  }
  button {
    cursor: pointer;
  }
  button.primary {
    background: var(--primary-color);
    color: var(--text-primary-color, #fff);
    border-color: var(--primary-color);
  }
  button:disabled {
    opacity: 0.5;
    cursor: default;
  }
  .toolbar {
    display: flex;
    flex-wrap: wrap;
    gap: 8px;
    align-items: center;
    margin-bottom: 12px;
  }
  .grow {
    flex: 1;
  }
  .figures {
    display: flex;
    flex-wrap: wrap;
    gap: 24px;
    margin-bottom: 8px;
  }
  .figure .value {
    font-size: 22px;
  }
  .figure .label {
    color: var(--secondary-text-color);
    font-size: 12px;
  }
`});var M,se=f(()=>{"use strict";M=class{constructor(t){this._host=t;this._start=performance.now()}restart(){this._start=performance.now(),delete this._host.dataset.renderMs}async done(){await this._host.updateComplete,await new Promise(t=>requestAnimationFrame(()=>setTimeout(t))),this._host.dataset.renderMs=(performance.now()-this._start).toFixed(0)}}});function S(o){if(o&&typeof o=="object"&&"message"in o){let{code:t,message:e}=o;return t?`${t}: ${e}`:String(e)}return String(o)}var Z=f(()=>{"use strict"});var hs,R,Mt=f(()=>{"use strict";P();U();D();I();se();Z();hs=["ok","error","refused","needs_confirmation"],R=class extends ${constructor(){super(...arguments);this.users=[];this._hub="";this._tool="";this._user="";this._outcome="";this._timer=new M(this)}connectedCallback(){super.connectedCallback(),this._timer.restart(),this._unsubscribe=this.hass.connection.subscribeMessage(e=>{let s=this._calls===void 0;this._calls=[...e.calls.reverse(),...this._calls??[]].slice(0,500),s&&this._timer.done()},{type:"llm_hub/activity/subscribe"}),this._unsubscribe.catch(e=>{this._error=S(e)})}disconnectedCallback(){super.disconnectedCallback(),this._unsubscribe?.then(e=>e()).catch(()=>{}),this._unsubscribe=void 0,this._calls=void 0}_userName(e){return we(this.hass,this.users,e)}render(){let e=this.hass;if(this._error)return a`<div class="alert error">${this._error}</div>`;if(!this._calls)return a`<div class="secondary">${l(e,"common.loading")}</div>`;let s=this._calls,r=[...new Map(s.map(u=>[u.api_id,u.api_name])).entries()],i=[...new Set(s.map(u=>u.user_id??""))],n=this._tool.trim().toLowerCase(),c=s.filter(u=>(!this._hub||u.api_id===this._hub)&&(!this._user||(u.user_id??"")===this._user)&&(!this._outcome||u.outcome===this._outcome)&&(!n||u.tool_name.toLowerCase().includes(n)||u.original_tool_name.toLowerCase().includes(n))),p=u=>v=>{this[u]=v.target.value};return a`<div class="card">
      <h2>${l(e,"tabs.activity")}</h2>
      <div class="toolbar">
        <select name="hub" @change=${p("_hub")}>
          <option value="">${l(e,"activity.all_hubs")}</option>
          ${r.map(([u,v])=>a`<option value=${u}>${v}</option>`)}
        </select>
        <input
          name="tool"
          type="search"
          placeholder=${l(e,"activity.tool")}
          .value=${this._tool}
          @input=${u=>this._tool=u.target.value}
        />
        <select name="user" @change=${p("_user")}>
          <option value="">${l(e,"activity.all_users")}</option>
          ${i.map(u=>a`<option value=${u}>${this._userName(u||null)}</option>`)}
        </select>
        <select name="outcome" @change=${p("_outcome")}>
          <option value="">${l(e,"activity.all_outcomes")}</option>
          ${hs.map(u=>a`<option value=${u}>${Be(e,u)}</option>`)}
        </select>
        <span class="grow"></span>
        <span class="secondary live">● ${l(e,"common.live")}</span>
      </div>
      ${c.length===0?a`<p class="secondary">
            ${l(e,s.length?"activity.no_match":"activity.none")}
          </p>`:a`<div class="table-wrap"><table>
            <thead>
              <tr>
                <th>${l(e,"activity.col_time")}</th>
                <th>${l(e,"activity.col_hub")}</th>
                <th>${l(e,"activity.tool")}</th>
                <th>${l(e,"activity.col_user")}</th>
                <th>${l(e,"activity.col_from")}</th>
                <th>${l(e,"activity.col_outcome")}</th>
                <th class="number">${l(e,"activity.col_duration")}</th>
              </tr>
            </thead>
            <tbody>
              ${c.map(u=>this._row(u))}
            </tbody>
          </table></div>`}
    </div>`}_row(e){let s=this.hass;return a`<tr data-call=${e.tool_call_id}>
      <td class="time">${ye(s,e.time)}</td>
      <td>${e.api_name}</td>
      <td>
        <code>${L(e.tool_name)}</code>
        ${e.original_tool_name!==e.tool_name?a`<div class="secondary"><code>${L(e.original_tool_name)}</code></div>`:d}
        ${e.arguments?a`<pre class="arguments">${JSON.stringify(e.arguments)}</pre>`:d}
        ${e.error?a`<div class="error-text">${e.error}</div>`:d}
      </td>
      <td>${this._userName(e.user_id)}</td>
      <td>${e.agent_id??xe(s,e.platform)}</td>
      <td>${Ee(s,e.outcome)}</td>
      <td class="number">${l(s,"common.ms",{ms:_(s,e.duration_ms)})}</td>
    </tr>`}};R.styles=[E,x`
      .live {
        color: var(--success-color, #43a047);
      }
      .time {
        white-space: nowrap;
      }
      .arguments {
        margin: 4px 0 0;
        padding: 2px 6px;
      }
      .error-text {
        color: var(--error-color);
        font-size: 12px;
      }
    `],h([g({attribute:!1})],R.prototype,"hass",2),h([g({attribute:!1})],R.prototype,"users",2),h([m()],R.prototype,"_calls",2),h([m()],R.prototype,"_error",2),h([m()],R.prototype,"_hub",2),h([m()],R.prototype,"_tool",2),h([m()],R.prototype,"_user",2),h([m()],R.prototype,"_outcome",2),R=h([A("llm-hub-activity")],R)});function us(o,t){let e=Math.max(0,Math.round((Date.parse(o)-t)/1e3)),[s,r,i]=[Math.floor(e/3600),Math.floor(e/60)%60,e%60],n=c=>String(c).padStart(2,"0");return s?`${s}:${n(r)}:${n(i)}`:`${r}:${n(i)}`}var ps,T,Ot=f(()=>{"use strict";P();U();D();I();se();Z();ps={pending:"warning",approved:"success",used:"success",denied:"error",expired:""};T=class extends ${constructor(){super(...arguments);this.users=[];this.prefix="/llm_hub";this.hubLinks=!0;this._busy=new Set;this._failed=new Map;this._now=Date.now();this._timer=new M(this)}connectedCallback(){super.connectedCallback(),this._timer.restart(),this._unsubscribe=this.hass.connection.subscribeMessage(e=>{let s=this._approvals===void 0;this._approvals=e.approvals,s&&this._timer.done()},{type:"llm_hub/approvals/subscribe"}),this._unsubscribe.catch(e=>{this._error=S(e)}),this._tick=window.setInterval(()=>{this._approvals?.some(e=>e.status==="pending"||e.status==="approved")&&(this._now=Date.now())},1e3)}disconnectedCallback(){super.disconnectedCallback(),window.clearInterval(this._tick),this._unsubscribe?.then(e=>e()).catch(()=>{}),this._unsubscribe=void 0,this._approvals=void 0}async _decide(e,s){let r=e.approval_id;this._busy=new Set(this._busy).add(r);let i=new Map(this._failed);i.delete(r);try{await this.hass.callWS({type:s?"llm_hub/approvals/approve":"llm_hub/approvals/deny",approval_id:r})}catch(c){i.set(r,S(c))}this._failed=i;let n=new Set(this._busy);n.delete(r),this._busy=n}_who(e){return e?we(this.hass,this.users,e):l(this.hass,"approvals.no_user")}_clock(e){return Rt(this.hass,e)}render(){let e=this.hass;if(this._error)return a`<div class="alert error">${this._error}</div>`;if(!this._approvals)return a`<div class="secondary">${l(e,"common.loading")}</div>`;let s=this._approvals.filter(i=>i.status==="pending"),r=this._approvals.filter(i=>i.status!=="pending").sort((i,n)=>(n.decided??n.expires).localeCompare(i.decided??i.expires));return a`<div class="card">
        <div class="toolbar">
          <h2 class="grow">${l(e,"tabs.approvals")}</h2>
          <span class="secondary live">● ${l(e,"common.live")}</span>
        </div>
        ${s.length?s.map(i=>this._approval(i)):a`<p class="secondary empty">
              ${l(e,"approvals.none",{safety:pe(e,"safety")})}
            </p>`}
      </div>
      ${r.length?a`<div class="card decided-card">
            <h2>${l(e,"approvals.decided")}</h2>
            ${r.map(i=>this._approval(i))}
          </div>`:d}`}_approval(e){let s=this.hass,r=e.approval_id,i=e.status==="pending",n=Object.keys(e.arguments).length?a`<pre class="arguments">${JSON.stringify(e.arguments,null,2)}</pre>`:a`<div class="secondary">${l(s,"approvals.no_arguments")}</div>`,c=this._failed.get(r);return a`<div class=${i?"approval":"approval done"} data-approval=${r}
      data-status=${e.status}>
      <div class="head">
        ${W(s,"approvals.tool_through",{tool:a`<code class="tool">${L(e.tool_name)}</code>`,hub:this.hubLinks?a`<a href=${`${this.prefix}/hub/${e.api_id}`} @click=${N}
                >${e.hub_name}</a
              >`:a`<span class="hub">${e.hub_name}</span>`})}
        <span class="badge ${ps[e.status]} status"
          >${l(s,`approvals.status_${e.status}`)}</span
        >
        <span class="grow"></span>
        ${this._countdown(e)}
      </div>
      <div class="secondary meta">
        ${W(s,"approvals.asked",{who:a`<span class="asked-by">${this._who(e.user_id)}</span>`,platform:xe(s,e.platform),time:this._clock(e.created)})}
        ${this._decision(e)}
      </div>
      ${e.targets?.length||e.targets_unmatched?a`<div class="targets">
            ${l(s,"approvals.acts_on")}
            ${e.targets.map((p,u)=>a`${u?", ":""}<b>${p}</b>`)}
            ${e.targets_more?l(s,"approvals.acts_on_more",{count:_(s,e.targets_more)}):d}
            ${e.targets_unmatched?l(s,"approvals.acts_on_nothing",{given:e.targets_unmatched}):d}
          </div>`:d}
      ${n}
      ${c?a`<div class="alert error">${c}</div>`:d}
      ${i?a`<div class="actions">
            <button
              class="primary approve"
              ?disabled=${this._busy.has(r)}
              @click=${()=>this._decide(e,!0)}
            >
              ${l(s,"approvals.approve")}
            </button>
            <button
              class="deny"
              ?disabled=${this._busy.has(r)}
              @click=${()=>this._decide(e,!1)}
            >
              ${l(s,"approvals.deny")}
            </button>
          </div>`:d}
    </div>`}_countdown(e){let s=this.hass,r=l(s,"approvals.until",{time:this._clock(e.expires)}),i=us(e.expires,this._now);return e.status==="pending"?a`<span class="countdown" title=${r}
        >${l(s,"approvals.expires_in",{time:i})}</span
      >`:e.status==="approved"?a`<span class="countdown" title=${r}
        >${l(s,"approvals.call_within",{time:i})}</span
      >`:d}_decision(e){let s=this.hass,r={by:a`<span class="decided-by">${e.decided_by?this._who(e.decided_by):""}</span>`,time:e.decided?this._clock(e.decided):"",expired:this._clock(e.expires)};switch(e.status){case"approved":return W(s,"approvals.decided_approved",r);case"used":return W(s,"approvals.decided_used",r);case"denied":return W(s,"approvals.decided_denied",r);case"expired":return e.decided_by?W(s,"approvals.decided_expired",r):l(s,"approvals.nobody_decided",{expired:r.expired});default:return d}}};T.styles=[E,x`
      .toolbar h2 {
        margin: 0;
      }
      .live {
        color: var(--success-color, #43a047);
      }
      .empty {
        max-width: 720px;
      }
      .approval {
        padding: 12px 0;
        border-top: 1px solid var(--divider-color);
      }
      .toolbar + .approval,
      h2 + .approval {
        border-top: none;
      }
      .approval.done {
        opacity: 0.65;
      }
      .head {
        display: flex;
        flex-wrap: wrap;
        align-items: baseline;
        gap: 6px;
        margin-bottom: 4px;
      }
      .tool {
        font-size: 14px;
        font-weight: 500;
      }
      .countdown {
        font-variant-numeric: tabular-nums;
        color: var(--secondary-text-color);
      }
      .approval:not(.done) .countdown {
        color: var(--warning-color, #ffa600);
      }
      .meta {
        margin-bottom: 4px;
      }
      .arguments {
        max-height: 240px;
      }
      .actions {
        display: flex;
        gap: 8px;
      }
      .actions button {
        min-width: 96px;
      }
      button.deny {
        color: var(--error-color, #db4437);
        border-color: var(--error-color, #db4437);
      }
    `],h([g({attribute:!1})],T.prototype,"hass",2),h([g({attribute:!1})],T.prototype,"users",2),h([g()],T.prototype,"prefix",2),h([g({type:Boolean})],T.prototype,"hubLinks",2),h([m()],T.prototype,"_approvals",2),h([m()],T.prototype,"_error",2),h([m()],T.prototype,"_busy",2),h([m()],T.prototype,"_failed",2),h([m()],T.prototype,"_now",2),T=h([A("llm-hub-approvals")],T)});function Nt(o){return typeof o=="object"&&o!==null&&o.error==="MatchFailedError"}var Se,w,j,Ke=f(()=>{"use strict";P();U();D();I();Z();Se={title:"Scope",loading:"Loading…",none:"No scope: the hub reaches every entity exposed to Assist, for every user.",narrows:"The hub reaches only these entities; a scope never widens what is exposed to Assist.",areas:"Areas",floors:"Floors",labels:"Labels",domains:"Domains",entities:"Entities",excluded:"Left out",users:"Users",everyone:"every user",adminsOnly:"administrators only",gone:"(no longer exists)",reaches:(o,t)=>`reaches ${o} of ${t} exposed entities`,showList:"Entities the hub reaches",filter:"Filter by name, entity id or area",noArea:"no area",noneReached:"None: nothing exposed to Assist is in this scope.",refused:"refused",refusal:"Home Assistant's answer for an entity that is not exposed to Assist: no entity the call names is exposed, or within this hub's scope. Nothing was changed."},w=Se;j=class extends ${constructor(){super(...arguments);this.entryId="";this._filter=""}willUpdate(e){e.has("entryId")&&this.entryId&&(this._scope=void 0,this._load())}async _load(){try{this._scope=await this.hass.callWS({type:"llm_hub/hub/scope",entry_id:this.entryId}),this._error=void 0}catch(e){this._error=S(e)}}render(){let e=this._scope;return a`<div class="card scope">
      <h2>${w.title}</h2>
      ${this._error?a`<div class="alert error">${this._error}</div>`:e?this._body(e):a`<div class="secondary">${w.loading}</div>`}
    </div>`}_body(e){let s=e.allowed_users.length||e.admins_only;return a`
      <p class="reaches"><strong>${w.reaches(_(this.hass,e.reached.length),_(this.hass,e.exposed))}</strong></p>
      ${e.empty&&!s?a`<p class="secondary">${w.none}</p>`:a`${e.empty?d:a`<p class="secondary">${w.narrows}</p>`}
            <table class="names">
              ${this._row(w.areas,e.areas)} ${this._row(w.floors,e.floors)}
              ${this._row(w.labels,e.labels)}
              ${this._row(w.domains,e.domains.map(r=>({id:r,name:r})))}
              ${this._row(w.entities,e.entities)} ${this._row(w.excluded,e.excluded)}
              <tr>
                <th>${w.users}</th>
                <td data-part="users">
                  ${[...e.allowed_users.length?e.allowed_users.map(r=>this._name(r)):[w.everyone],...e.admins_only?[w.adminsOnly]:[]].map((r,i)=>a`${i?", ":""}${r}`)}
                </td>
              </tr>
            </table>`}
      <details class="reached">
        <summary>${w.showList} (${_(this.hass,e.reached.length)})</summary>
        ${this._reached(e)}
      </details>
    `}_row(e,s){return s.length?a`<tr>
      <th>${e}</th>
      <td data-part=${e}>
        ${s.map((r,i)=>a`${i?", ":""}${this._name(r)}`)}
      </td>
    </tr>`:d}_name(e){return e.name===null?a`<code>${e.id}</code> <span class="badge warning">${w.gone}</span>`:a`<span title=${e.id}>${e.name}</span>`}_reached(e){if(!e.reached.length)return a`<p class="secondary">${w.noneReached}</p>`;let s=this._filter.trim().toLowerCase(),r=e.reached.filter(i=>!s||[i.id,i.name,i.area].some(n=>n?.toLowerCase().includes(s)));return a`<input
        type="search"
        placeholder=${w.filter}
        .value=${this._filter}
        @input=${i=>this._filter=i.target.value}
      />
      <ul class="entities">
        ${r.map(i=>a`<li data-entity=${i.id}>
              ${i.name??i.id} <code>${i.id}</code>
              <span class="secondary">${i.area??w.noArea}</span>
            </li>`)}
      </ul>`}};j.styles=[E,x`
      table.names th {
        text-align: left;
        padding-right: 16px;
        font-weight: 500;
        white-space: nowrap;
        vertical-align: top;
      }
      ul.entities {
        max-height: 320px;
        overflow: auto;
        padding-left: 20px;
      }
      details.reached input {
        margin: 8px 0;
        width: 100%;
        box-sizing: border-box;
      }
    `],h([g({attribute:!1})],j.prototype,"hass",2),h([g()],j.prototype,"entryId",2),h([m()],j.prototype,"_scope",2),h([m()],j.prototype,"_error",2),h([m()],j.prototype,"_filter",2),j=h([A("llm-hub-scope")],j)});async function ms(){let o=window;if(typeof o.loadCardHelpers=="function"&&(await(await(await o.loadCardHelpers()).createCardElement({type:"entities",entities:[]}))?.constructor?.getConfigElement?.(),customElements.get("ha-form")))return;await customElements.whenDefined("partial-panel-resolver"),await document.createElement("partial-panel-resolver")._getRoutes?.([{component_name:"config",url_path:"llm-hub-tmp"}])?.routes?.["llm-hub-tmp"]?.load?.(),await customElements.whenDefined("ha-panel-config"),await document.createElement("ha-panel-config").routerOptions?.routes?.automation?.load?.()}function Ut(){return customElements.get("ha-form")?Promise.resolve(!0):(Ge??=Promise.race([ms().catch(()=>{}).then(()=>customElements.whenDefined("ha-form")).then(()=>!0),new Promise(o=>setTimeout(()=>o(!1),5e3))]).then(o=>(o||(Ge=void 0),o)),Ge)}var Ge,It=f(()=>{"use strict"});function ke(o){return(Array.isArray(o.type)?o.type:[o.type]).find(e=>e&&e!=="null")}var C,Dt=f(()=>{"use strict";P();U();D();It();I();C=class extends ${constructor(){super(...arguments);this.selectors={};this._data={};this._raw={};this._errors={};this._asJson=!1;this._json="{}"}reset(){this._data={},this._haForm===!1&&customElements.get("ha-form")&&(this._haForm=!0),this._raw={},this._errors={},this._json="{}",this._asJson=!1}connectedCallback(){if(super.connectedCallback(),this._haForm!==void 0)return;let e=performance.now();this.dataset.formLoaded=customElements.get("ha-form")?"before":"by the panel",Ut().then(s=>{this._haForm=s,this.dataset.form=s?"ha-form":"plain",this.dataset.formMs=String(Math.round(performance.now()-e))})}render(){let e=this.hass,s=Object.entries(this.schema?.properties??{}),r=new Set(this.schema?.required??[]);return a`
      <label class="switch"
        ><input type="checkbox" .checked=${this._asJson} @change=${this._toggleJson} />
        ${l(e,"form.as_json")}</label
      >
      ${this._asJson?a`<textarea
            name="__json__"
            .value=${this._json}
            @input=${i=>{this._json=i.target.value,this._emit()}}
          ></textarea>`:s.length===0?a`<p class="secondary">${l(e,"form.no_arguments")}</p>`:this._haForm===void 0?a`<p class="secondary">${l(e,"form.loading")}</p>`:this._haForm?this._renderHaForm(s,r):s.map(([i,n])=>this._field(i,n,r.has(i)))}
    `}_renderHaForm(e,s){let r=e.map(([n])=>({name:n,required:s.has(n),selector:this.selectors[n]??{object:{}}})),i=Object.fromEntries(e.map(([n,c])=>[n,c.description]));return a`<ha-form
      .hass=${this.hass}
      .data=${this._data}
      .schema=${r}
      .computeLabel=${n=>n.name}
      .computeHelper=${n=>i[n.name]}
      @value-changed=${n=>{n.stopPropagation(),this._data=n.detail.value,this._emit()}}
    ></ha-form>`}_field(e,s,r){let i=ke(s),n=this._raw[e]??"",c=v=>{this._raw={...this._raw,[e]:v},this._emit()},p=v=>c(v.target.value),u;return s.enum?u=a`<select name=${e} @change=${p}>
        <option value="" ?selected=${n===""}>—</option>
        ${s.enum.map(v=>a`<option value=${JSON.stringify(v)} ?selected=${n===JSON.stringify(v)}>
              ${String(v)}
            </option>`)}
      </select>`:i==="boolean"?u=a`<select name=${e} @change=${p}>
        <option value="" ?selected=${n===""}>—</option>
        <option value="true" ?selected=${n==="true"}>true</option>
        <option value="false" ?selected=${n==="false"}>false</option>
      </select>`:i==="integer"||i==="number"?u=a`<input
        name=${e}
        type="number"
        step=${i==="integer"?"1":"any"}
        min=${s.minimum??""}
        max=${s.maximum??""}
        .value=${n}
        @input=${p}
      />`:i==="string"?u=a`<input name=${e} type="text" .value=${n} @input=${p} />`:i==="array"&&ke(s.items??{})==="string"&&!s.items?.enum?u=a`<textarea
        name=${e}
        placeholder=${l(this.hass,"form.one_per_line")}
        .value=${n}
        @input=${p}
      ></textarea>`:u=a`<textarea
        name=${e}
        placeholder="JSON"
        .value=${n}
        @input=${p}
      ></textarea>`,a`<div class="field">
      <label
        ><code>${e}</code>${r?a`<span class="required">*</span>`:d}
        ${i?a`<span class="secondary">${i}</span>`:d}</label
      >
      ${u}
      ${s.description?a`<div class="secondary">${s.description}</div>`:d}
      ${this._errors[e]?a`<div class="error">${this._errors[e]}</div>`:d}
    </div>`}_args(){if(this._haForm)return Object.fromEntries(Object.entries(this._data).filter(([,r])=>r!==void 0&&r!==""));let e={},s={};for(let[r,i]of Object.entries(this.schema?.properties??{})){let n=this._raw[r];if(n===void 0||n==="")continue;let c=ke(i);try{i.enum||c==="boolean"?e[r]=JSON.parse(n):c==="integer"||c==="number"?e[r]=Number(n):c==="string"?e[r]=n:c==="array"&&ke(i.items??{})==="string"&&!i.items?.enum?e[r]=n.split(`
`).filter(p=>p.trim()):e[r]=JSON.parse(n)}catch{s[r]=l(this.hass,"form.not_json")}}return this._errors=s,e}_toggleJson(e){if(this._asJson=e.target.checked,this._asJson)this._json=JSON.stringify(this._args(),null,2);else if(this._haForm)try{let s=JSON.parse(this._json||"{}");s&&typeof s=="object"&&!Array.isArray(s)&&(this._data=s)}catch{}this._emit()}_emit(){let e;if(this._asJson)try{let s=JSON.parse(this._json||"{}");e=s&&typeof s=="object"&&!Array.isArray(s)?{value:s}:{error:l(this.hass,"form.not_object")}}catch(s){e={error:l(this.hass,"form.not_json_because",{error:s.message})}}else{let s=this._args();e=Object.keys(this._errors).length?{error:l(this.hass,"form.invalid_fields")}:{value:s}}this.dispatchEvent(new CustomEvent("value-changed",{detail:e}))}};C.styles=[E,x`
      ha-form {
        display: block;
        max-width: 560px;
        margin-bottom: 12px;
      }
      .field {
        display: flex;
        flex-direction: column;
        gap: 4px;
        margin-bottom: 12px;
        max-width: 560px;
      }
      .required {
        color: var(--error-color);
        margin-left: 2px;
      }
      .error {
        color: var(--error-color);
      }
      .switch {
        display: block;
        margin-bottom: 12px;
      }
    `],h([g({attribute:!1})],C.prototype,"hass",2),h([g({attribute:!1})],C.prototype,"schema",2),h([g({attribute:!1})],C.prototype,"selectors",2),h([m()],C.prototype,"_haForm",2),h([m()],C.prototype,"_data",2),h([m()],C.prototype,"_raw",2),h([m()],C.prototype,"_errors",2),h([m()],C.prototype,"_asJson",2),h([m()],C.prototype,"_json",2),C=h([A("llm-hub-schema-form")],C)});var y,jt=f(()=>{"use strict";P();U();D();Ke();I();se();Dt();Z();y=class extends ${constructor(){super(...arguments);this.users=[];this.apiId="";this.toolName="";this._api="";this._tool="";this._user="";this._args={};this._running=!1;this._timer=new M(this)}connectedCallback(){super.connectedCallback(),this._timer.restart(),this._start()}willUpdate(e){e.has("hass")&&!this._user&&this.hass?.user&&(this._user=this.hass.user.id)}async _start(){let e=this.apiId?this._describe(this.apiId):void 0;e?.catch(()=>{});try{this._apis=await this.hass.callWS({type:"llm_hub/apis/list"});let s=this._apis.apis.filter(i=>i.tools!==null),r=s.find(i=>i.id===this.apiId)??s[0];r&&await this._loadApi(r.id,this.toolName,r.id===this.apiId?e:void 0)}catch(s){this._error=S(s)}await this._timer.done()}_describe(e){return this.hass.callWS({type:"llm_hub/api/describe",api_id:e})}async _loadApi(e,s="",r){this._api=e,this._description=void 0,this._result=void 0,this._description=await(r??this._describe(e));let i=this._description.tools.filter(n=>!n.hidden);this._selectTool((i.find(n=>n.name===s)??i[0])?.name??"")}_selectTool(e){this._tool=e,this._args={},this._argsError=void 0,this._result=void 0,this._error=void 0,this._form?.reset()}render(){let e=this.hass;if(!this._apis)return this._error?a`<div class="alert error">${this._error}</div>`:a`<div class="secondary">${l(e,"common.loading")}</div>`;let s=this._description?.tools.filter(c=>!c.hidden)??[],r=s.find(c=>c.name===this._tool),i=this.hass.user,n=this.users.length?this.users:i?[{id:i.id,name:i.name}]:[];return a`
      <div class="card">
        <h2>${l(e,"tabs.bench")}</h2>
        <p class="secondary">${l(e,"bench.intro")}</p>
        <div class="pickers">
          <label
            >${l(e,"bench.api")}
            <select name="api" @change=${this._apiChanged}>
              ${this._apis.apis.filter(c=>c.tools!==null).map(c=>a`<option value=${c.id} ?selected=${c.id===this._api}>
                      ${c.hub?c.name:l(e,"bench.not_a_hub",{api:c.name})}
                    </option>`)}
            </select></label
          >
          <label
            >${l(e,"activity.tool")}
            <select
              name="tool"
              @change=${c=>this._selectTool(c.target.value)}
            >
              ${s.map(c=>a`<option value=${c.name} ?selected=${c.name===this._tool}>
                    ${c.name}
                  </option>`)}
            </select></label
          >
          <label
            >${l(e,"bench.run_as")}
            <select
              name="user"
              @change=${c=>this._user=c.target.value}
            >
              ${n.map(c=>a`<option value=${c.id} ?selected=${c.id===this._user}>
                    ${c.id===i?.id?l(e,"common.you",{name:c.name}):c.name}
                  </option>`)}
            </select></label
          >
        </div>
      </div>
      ${r?a`<div class="card">
            <h2>${r.title||r.name}</h2>
            <p>${r.description}</p>
            <llm-hub-schema-form
              .hass=${this.hass}
              .schema=${r.parameters}
              .selectors=${r.selectors??{}}
              @value-changed=${this._argsChanged}
            ></llm-hub-schema-form>
            ${this._argsError?a`<div class="alert error">${this._argsError}</div>`:d}
            <button
              class="primary run"
              ?disabled=${this._running||!!this._argsError}
              @click=${this._run}
            >
              ${l(e,this._running?"bench.running":"bench.run")}
            </button>
          </div>`:this._description?a`<div class="card secondary">${l(e,"bench.no_tools")}</div>`:d}
      ${this._error?a`<div class="alert error result-error">${this._error}</div>`:d}
      ${this._result?this._renderResult(this._result):d}
    `}_renderResult(e){let s=JSON.stringify(e.result.data),r=this._apis?.chars_per_token??4,i=Nt(e.result.data),n=this.hass;return a`<div class="card result">
      <h2>${l(n,"bench.result")}</h2>
      <div class="figures">
        <div class="figure">
          <div class="value">
            ${i?a`<span class="badge error refusal">${Se.refused}</span>`:Ee(n,e.outcome)}
          </div>
          <div class="label">${l(n,"bench.outcome")}</div>
        </div>
        <div class="figure">
          <div class="value duration">${l(n,"common.ms",{ms:_(n,e.duration_ms)})}</div>
          <div class="label">${l(n,"bench.time")}</div>
        </div>
        <div class="figure">
          <div class="value">${_(n,Math.ceil(s.length/r))}</div>
          <div class="label">${l(n,"hub.figure_tokens")}</div>
        </div>
      </div>
      ${i?a`<div class="alert refusal-text">
            ${e.result.data.error_text??""}.
            ${Se.refusal}
          </div>`:d}
      <div class="secondary">${l(n,"bench.data")}</div>
      <pre class="data">${JSON.stringify(e.result.data,null,2)}</pre>
      <div class="secondary">${l(n,"bench.model_reads",{chars:_(n,s.length)})}</div>
      <pre class="read">${s}</pre>
    </div>`}async _apiChanged(e){try{await this._loadApi(e.target.value)}catch(s){this._error=S(s)}}_argsChanged(e){this._argsError=e.detail.error,e.detail.value&&(this._args=e.detail.value)}async _run(){this._running=!0,this._result=void 0,this._error=void 0;try{this._result=await this.hass.callWS({type:"llm_hub/tool/call",api_id:this._api,tool_name:this._tool,tool_args:this._args,user_id:this._user||void 0})}catch(e){this._error=S(e)}finally{this._running=!1}}};y.styles=[E,x`
      .pickers {
        display: flex;
        flex-wrap: wrap;
        gap: 16px;
      }
      .pickers label {
        display: flex;
        flex-direction: column;
        gap: 4px;
        color: var(--secondary-text-color);
      }
      .pickers select {
        min-width: 220px;
        max-width: 420px;
      }
    `],h([g({attribute:!1})],y.prototype,"hass",2),h([g({attribute:!1})],y.prototype,"users",2),h([g()],y.prototype,"apiId",2),h([g()],y.prototype,"toolName",2),h([m()],y.prototype,"_apis",2),h([m()],y.prototype,"_description",2),h([m()],y.prototype,"_api",2),h([m()],y.prototype,"_tool",2),h([m()],y.prototype,"_user",2),h([m()],y.prototype,"_args",2),h([m()],y.prototype,"_argsError",2),h([m()],y.prototype,"_running",2),h([m()],y.prototype,"_result",2),h([m()],y.prototype,"_error",2),h([vt("llm-hub-schema-form")],y.prototype,"_form",2),y=h([A("llm-hub-bench")],y)});var _s,Te,gs,k,zt=f(()=>{"use strict";P();U();Ke();D();I();se();Z();_s="llm_hub-",Te=100,gs=["apis","tools","scope","safety","overrides","limits","search"],k=class extends ${constructor(){super(...arguments);this.apiId="";this.prefix="";this._filter="";this._showHidden=!0;this._rows=Te;this._providers={};this._timer=new M(this)}willUpdate(e){e.has("apiId")&&this.apiId&&(this._timer.restart(),this._description=void 0,this._providers={},this._open=void 0,this._rows=Te,this._load())}async _load(){try{this._description=await this.hass.callWS({type:"llm_hub/api/describe",api_id:this.apiId}),this._error=void 0}catch(e){this._error=S(e)}await this._timer.done()}render(){let e=this.hass;if(this._error)return a`<div class="alert error">${this._error}</div>`;let s=this._description;if(!s)return a`<div class="secondary">${l(e,"common.loading")}</div>`;let{api:r,size:i,search:n}=s,c=s.tools.filter(u=>u.hidden).length,p=r.hub?r.id.slice(_s.length):void 0;return a`
      <div class="card">
        <div class="toolbar">
          <h2 class="grow">${r.name}</h2>
          <a href=${`${this.prefix}/bench?api=${encodeURIComponent(r.id)}`} @click=${N}
            ><button>${l(e,"tabs.bench")}</button></a
          >
        </div>
        <div class="figures">
          ${this._figure(_(e,i.tools),l(e,"hub.figure_listed"))}
          ${n?this._figure(_(e,n.reachable),l(e,"hub.figure_reachable")):d}
          ${r.hub?this._figure(_(e,c),l(e,"hub.figure_hidden")):d}
          ${this._figure(_(e,i.prompt_chars+i.tools_chars),l(e,"hub.figure_chars"))}
          ${this._figure(_(e,i.tokens),l(e,"hub.figure_tokens"))}
          ${i.max_tools!==void 0?this._figure(_(e,i.max_tools),l(e,"hub.figure_limit")):d}
        </div>
        ${n?a`<p class="mode">
              ${W(e,"hub.mode",{mode:a`<strong>${Ae(e,n)}</strong>`})}
              ${n.active?l(e,n.listed>n.meta_tools.length?"hub.mode_searching_pinned":"hub.mode_searching",{listed:_(e,n.listed),meta:n.meta_tools.join(", "),reachable:_(e,n.reachable)}):l(e,"hub.mode_all",{listed:_(e,n.listed)})}
            </p>`:d}
        ${i.over_limit?a`<div class="alert">
              ${l(e,"hub.over_limit",{api:r.name,tools:_(e,i.tools),limit:_(e,i.max_tools)})}
            </div>`:d}
        ${i.over_client_limit?a`<div class="alert client-limit">
              ${l(e,"hub.over_client",{api:r.name,tools:_(e,i.tools),limit:_(e,i.client_limit)})}
              ${r.hub?l(e,"hub.over_client_hub"):""}
            </div>`:d}
        <div class="secondary">
          <code>${r.id}</code> ·
          ${l(e,"hub.tokens",{estimator:l(e,"common.estimator",{chars:_(e,Number(/\d+(\.\d+)?/.exec(i.estimator)?.[0]??4.2))})})}
        </div>
        ${p?a`<p>
              ${l(e,"hub.options")}
              ${gs.map((u,v)=>a`${v?" · ":""}<a
                    href=${`/config/integrations/integration/llm_hub#config_entry=${p}`}
                    title=${l(e,"hub.options_path",{hub:r.name,step:pe(e,u)})}
                    @click=${N}
                    >${pe(e,u)}</a
                  >`)}
            </p>`:d}
      </div>
      ${p?a`<llm-hub-scope .hass=${this.hass} .entryId=${p}></llm-hub-scope>`:d}
      <div class="card">
        <h2>${l(e,"hub.prompt")}</h2>
        <p class="secondary">${l(e,"hub.prompt_help")}</p>
        <pre class="prompt">${s.prompt||l(e,"hub.no_prompt")}</pre>
      </div>
      <div class="card tools-card">
        <h2>${l(e,"hub.tools")}</h2>
        <div class="toolbar">
          <input
            class="grow"
            type="search"
            placeholder=${l(e,"hub.filter")}
            .value=${this._filter}
            @input=${u=>this._filter=u.target.value}
          />
          ${r.hub?a`<label
                ><input
                  type="checkbox"
                  .checked=${this._showHidden}
                  @change=${u=>this._showHidden=u.target.checked}
                />
                ${l(e,"hub.show_hidden")}</label
              >`:d}
        </div>
        ${this._toolsTable(s.tools,r.hub,!!n?.active)}
      </div>
    `}_figure(e,s){return a`<div class="figure">
      <div class="value">${e}</div>
      <div class="label">${s}</div>
    </div>`}_toolsTable(e,s,r){let i=this.hass,n=this._filter.trim().toLowerCase(),c=e.filter(p=>(this._showHidden||!p.hidden)&&(!n||[p.name,p.original_name,p.source.integration,p.source.api,p.source.api_name].some(u=>u?.toLowerCase().includes(n))));return a`<div class="table-wrap"><table class="tools">
      <thead>
        <tr>
          <th>${l(i,"hub.col_name")}</th>
          ${r?a`<th>${l(i,"hub.col_model_gets")}</th>`:d}
          <th>${l(i,"hub.col_original")}</th>
          <th>${l(i,"hub.col_annotations")}</th>
          ${s?a`<th>${l(i,"hub.col_confirmation")}</th>
                <th>${l(i,"hub.col_hidden")}</th>
                <th>${l(i,"hub.col_schema")}</th>`:d}
          <th class="number">${l(i,"hub.col_tokens")}</th>
        </tr>
      </thead>
      <tbody>
        ${c.slice(0,this._rows).map(p=>this._toolRow(p,s,r))}
      </tbody>
    </table></div>
    ${c.length===0?a`<p class="secondary">${l(i,"hub.no_match")}</p>`:d}
    ${c.length>this._rows?a`<div class="toolbar more">
          <span class="secondary grow"
            >${l(i,n?"hub.showing_match":"hub.showing",{shown:_(i,this._rows),total:_(i,c.length)})}</span
          >
          <button class="show-more" @click=${()=>this._rows+=Te}>
            ${l(i,"hub.show_more",{count:_(i,Math.min(Te,c.length-this._rows))})}
          </button>
          <button class="show-all" @click=${()=>this._rows=c.length}>
            ${l(i,"hub.show_all")}
          </button>
        </div>`:d}`}_toolRow(e,s,r){let i=this.hass,n=e.key??e.name,c=this._open===n,p=(s?7:4)+(r?1:0);return a`<tr
        class="clickable ${e.hidden?"hidden-tool":""} ${c?"open":""}"
        data-tool=${e.name}
        @click=${()=>this._toggle(e)}
      >
        <td>
          <code>${L(e.hidden?e.key??e.name:e.name)}</code>
          ${e.title?a`<div class="secondary">${e.title}</div>`:d}
        </td>
        ${r?a`<td class="listing">${this._listing(e)}</td>`:d}
        <td>
          <code>${L(e.original_name)}</code>
          <div class="secondary">${this._source(e)}</div>
        </td>
        <td>${Pt(i,e.annotations)}</td>
        ${s?a`<td>
                ${e.confirm?a`<span class="badge warning">${l(i,"hub.needs_confirmation")}</span>
                      ${e.confirm_reason?a`<div class="secondary">
                            ${this._reason(e.confirm_key,e.confirm_reason)}
                          </div>`:d}`:d}
              </td>
              <td class="reason">
                ${e.hidden?a`<span class="badge">${l(i,"hub.hidden_badge")}</span>
                      ${this._reason(e.hidden_key,e.hidden)}`:d}
              </td>
              <td>
                ${e.schema_fixes?.length?a`<span class="badge info" title=${e.schema_fixes.join(`
`)}
                      >${l(i,"hub.changes",{count:e.schema_fixes.length})}</span
                    >`:d}
              </td>`:d}
        <td class="number">${_(i,e.size.tokens)}</td>
      </tr>
      ${c?a`<tr class="details">
            <td colspan=${p}>${this._details(e)}</td>
          </tr>`:d}`}_reason(e,s){return e?l(this.hass,`reason.${e}`):s}_listing(e){let s=this.hass;return e.hidden?d:e.meta?a`<span class="badge info">${l(s,"hub.listed_meta")}</span>`:e.listed?a`<span class="badge info">${l(s,"hub.listed")}</span>`:a`<span class="badge">${l(s,"hub.through_search")}</span>`}_source(e){let s=this.hass,r=e.source.api_name??e.source.api??"";if(e.meta)return l(s,"hub.source_meta",{api:r});let{integration:i}=e.source;return r&&i?l(s,"hub.source_integration_api",{integration:i,api:r}):r?l(s,"hub.source_api",{api:r}):i?l(s,"hub.source_contributed",{integration:i}):""}_details(e){let s=this.hass,r=this._providers[e.name];return a`
      <p>
        ${e.description||a`<span class="secondary">${l(s,"hub.no_description")}</span>`}
      </p>
      ${e.schema_fixes?.length?a`<div class="secondary">${l(s,"hub.schema_changes")}</div>
            <ul>
              ${e.schema_fixes.map(i=>a`<li>${i}</li>`)}
            </ul>`:d}
      ${e.parameters_error?a`<div class="alert error">
            ${l(s,"hub.parameters_error",{error:e.parameters_error})}
          </div>`:a`<div class="secondary">${l(s,"hub.parameters")}</div>
            <pre>${JSON.stringify(e.parameters,null,2)}</pre>`}
      ${!e.hidden&&!e.listed?a`<p class="secondary">${l(s,"hub.behind_search")}</p>`:d}
      ${e.hidden||!e.listed?d:a`<div class="toolbar">
              <a
                href=${`${this.prefix}/bench?api=${encodeURIComponent(this.apiId)}&tool=${encodeURIComponent(e.name)}`}
                @click=${N}
                ><button class="primary">${l(s,"hub.try_it")}</button></a
              >
            </div>
            <div class="secondary">${l(s,"hub.providers")}</div>
            ${r===void 0?a`<div class="secondary">${l(s,"common.loading")}</div>`:typeof r=="string"?a`<div class="alert error">${r}</div>`:a`<div class="providers">
                    ${Object.entries(r.providers).map(([i,n])=>a`<div class="provider" data-provider=${i}>
                        <strong>${n.name}</strong>
                        ${n.error?a`<div class="secondary">${n.error}</div>`:a`<pre>${JSON.stringify(n.definition,null,2)}</pre>`}
                      </div>`)}
                  </div>`}`}
    `}async _toggle(e){let s=e.key??e.name;if(this._open=this._open===s?void 0:s,!(!this._open||e.hidden||!e.listed||this._providers[e.name]!==void 0))try{let r=await this.hass.callWS({type:"llm_hub/tool/providers",api_id:this.apiId,tool_name:e.name});this._providers={...this._providers,[e.name]:r}}catch(r){this._providers={...this._providers,[e.name]:S(r)}}}};k.styles=[E,x`
      .prompt {
        max-height: 240px;
      }
      tr,
      .tools-card {
        scroll-margin-top: calc(var(--header-height, 56px) + 8px);
      }
      td.reason {
        min-width: 160px;
        max-width: 280px;
      }
      .providers {
        display: grid;
        grid-template-columns: repeat(auto-fit, minmax(240px, 1fr));
        gap: 8px;
      }
      .provider pre {
        max-height: 360px;
      }
      tr.details > td {
        background: var(--secondary-background-color);
      }
      tr.details pre {
        background: var(--card-background-color, var(--primary-background-color));
      }
    `],h([g({attribute:!1})],k.prototype,"hass",2),h([g()],k.prototype,"apiId",2),h([g()],k.prototype,"prefix",2),h([m()],k.prototype,"_description",2),h([m()],k.prototype,"_error",2),h([m()],k.prototype,"_filter",2),h([m()],k.prototype,"_showHidden",2),h([m()],k.prototype,"_open",2),h([m()],k.prototype,"_rows",2),h([m()],k.prototype,"_providers",2),k=h([A("llm-hub-view")],k)});var q,Jt=f(()=>{"use strict";P();U();D();I();se();Z();q=class extends ${constructor(){super(...arguments);this.prefix="";this._timer=new M(this)}connectedCallback(){super.connectedCallback(),this._timer.restart(),this._load()}async _load(){try{this._list=await this.hass.callWS({type:"llm_hub/apis/list"}),this._error=void 0}catch(e){this._error=S(e)}await this._timer.done()}render(){let e=this.hass;if(this._error)return a`<div class="alert error">${this._error}</div>`;if(!this._list)return a`<div class="secondary">${l(e,"common.loading")}</div>`;let s=this._list.apis.filter(i=>i.hub),r=this._list.apis.filter(i=>!i.hub);return a`
      <div class="card">
        <h2>${l(e,"hubs.title")}</h2>
        ${s.length?this._table(s,!0):a`<p class="secondary">${l(e,"hubs.none")}</p>`}
      </div>
      <div class="card">
        <h2>${l(e,"hubs.others")}</h2>
        ${this._table(r,!1)}
      </div>
      <p class="secondary">
        ${l(e,"hubs.sizes",{estimator:l(e,"common.estimator",{chars:_(e,this._list.chars_per_token)}),since:ye(e,this._list.since)})}
        <button @click=${this._reload}>${l(e,"common.refresh")}</button>
      </p>
    `}_table(e,s){let r=this.hass;return a`<div class="table-wrap"><table>
      <thead>
        <tr>
          <th>${l(r,"hubs.name")}</th>
          ${s?a`<th>${l(r,"hubs.tool_mode")}</th>`:d}
          <th class="number">${l(r,s?"hubs.tools_listed":"hubs.tools")}</th>
          ${s?a`<th class="number">${l(r,"hubs.reachable")}</th>
                <th class="number">${l(r,"hubs.hidden")}</th>`:d}
          <th class="number">${l(r,"hubs.characters")}</th>
          <th class="number">${l(r,"hubs.tokens")}</th>
          ${s?a`<th>${l(r,"hubs.warnings")}</th>
                <th class="number">${l(r,"hubs.calls")}</th>`:d}
        </tr>
      </thead>
      <tbody>
        ${e.map(i=>a`<tr
            class="clickable"
            data-api=${i.id}
            @click=${()=>Le(`${this.prefix}/hub/${encodeURIComponent(i.id)}`)}
          >
            <td>
              <a href=${`${this.prefix}/hub/${encodeURIComponent(i.id)}`} @click=${N}
                >${i.name}</a
              >
              <div class="secondary"><code>${i.id}</code></div>
            </td>
            ${s?a`<td class="mode">${Ae(r,i.search)}</td>`:d}
            <td class="number">${_(r,i.tools)}</td>
            ${s?a`<td class="number">${_(r,i.search?.reachable)}</td>
                  <td class="number">${_(r,i.hidden)}</td>`:d}
            <td class="number">
              ${i.prompt_chars===null?"–":_(r,(i.prompt_chars??0)+(i.tools_chars??0))}
            </td>
            <td class="number">${_(r,i.tokens)}</td>
            ${s?a`<td>${this._warnings(i)}</td>
                  <td class="number">${_(r,i.calls_24h)}</td>`:d}
          </tr>`)}
      </tbody>
    </table></div>`}_warnings(e){let s=this.hass,r=_(s,this._list.client_limit),i=l(s,`entry_state.${e.state}`);return a`
      ${e.state!=="loaded"?a`<span class="badge error"
            >${i===`entry_state.${e.state}`?e.state.replaceAll("_"," "):i}</span
          >`:d}
      ${e.error?a`<span class="badge error" title=${e.error}>${l(s,"hubs.cannot_build")}</span>`:d}
      ${e.over_limit?a`<span class="badge warning" title=${l(s,"hubs.over_limit_title")}
            >${l(s,"hubs.over_limit",{limit:_(s,e.max_tools)})}</span
          >`:d}
      ${e.over_client_limit?a`<span class="badge warning" title=${l(s,"hubs.over_client_title",{limit:r})}
            >${l(s,"hubs.over_client",{limit:r})}</span
          >`:d}
      ${e.repairs.length?a`<a href="/config/repairs" @click=${N}
            ><span class="badge warning"
              >${l(s,"hubs.repairs",{count:e.repairs.length})}</span
            ></a
          >`:d}
    `}_reload(){this._timer.restart(),this._load()}};q.styles=E,h([g({attribute:!1})],q.prototype,"hass",2),h([g()],q.prototype,"prefix",2),h([m()],q.prototype,"_list",2),h([m()],q.prototype,"_error",2),q=h([A("llm-hub-hubs")],q)});var Wt,qt,Y,Ht=f(()=>{"use strict";P();U();D();Wt="86554aa9661f",qt={message:"LLM Hub was updated. Reload the page to use the new version of this panel.",reload:"Reload"},Y=class extends ${constructor(){super(...arguments);this._onReady=()=>{this._check()}}connectedCallback(){super.connectedCallback(),this._listen()}disconnectedCallback(){super.disconnectedCallback(),this._connection?.removeEventListener("ready",this._onReady),this._connection=void 0}willUpdate(){this.hass&&this.hass.connection!==this._connection&&this._listen()}_listen(){!this.hass||!this.isConnected||(this._connection?.removeEventListener("ready",this._onReady),this._connection=this.hass.connection,this._connection.addEventListener("ready",this._onReady),this._check())}async _check(){try{let e=await this.hass.callWS({type:"llm_hub/panel/build"});this._backend=e.build??void 0}catch{}}updated(){this.dataset.build=Wt,this.dataset.backend=this._backend??""}render(){return!this._backend||this._backend===Wt?d:a`<div class="alert" role="alert">
      <span>${qt.message}</span>
      <button class="primary" @click=${()=>location.reload()}>${qt.reload}</button>
    </div>`}};Y.styles=[E,x`
      .alert {
        display: flex;
        flex-wrap: wrap;
        align-items: center;
        justify-content: space-between;
        gap: 12px;
        margin: 16px 16px 0;
      }
    `],h([g({attribute:!1})],Y.prototype,"hass",2),h([m()],Y.prototype,"_backend",2),Y=h([A("llm-hub-update-banner")],Y)});var Ft={};Kt(Ft,{LlmHubPanel:()=>O});var fs,O,Lt=f(()=>{"use strict";P();U();D();I();Mt();Ot();jt();zt();Jt();Ht();fs=["hubs","bench","activity","approvals"],O=class extends ${constructor(){super(...arguments);this.narrow=!1;this._users=[];this._words=!1;this._usersLoaded=!1}get _approvalsOnly(){return this.panel?.config?.view==="approvals"}willUpdate(e){e.has("hass")&&this.hass&&!St(this.hass)?this._loadWords():this.hass&&!this._words&&(this._words=!0),e.has("hass")&&this.hass&&!this._usersLoaded&&this.hass.user?.is_admin&&(this._usersLoaded=!0,this._loadUsers())}async _loadWords(){try{await kt(this.hass)}finally{this._words=!0}}async _loadUsers(){try{let e=await this.hass.callWS({type:"config/auth/list"});this._users=e.filter(s=>s.is_active&&!s.system_generated)}catch{this._users=[]}}get _parts(){return(this.route?.path??"").split("?")[0].split("/").filter(s=>s).map(s=>decodeURIComponent(s))}get _prefix(){return this.route?.prefix??"/llm_hub"}render(){if(!this.hass||!this._words)return d;let e=this.narrow?a`<button class="menu" title=${l(this.hass,"common.sidebar")} @click=${this._toggleMenu}>
          ☰
        </button>`:d;if(this._approvalsOnly)return a`
        <header>
          ${e}
          <div class="title">${l(this.hass,"approvals.panel_title")}</div>
        </header>
        <llm-hub-update-banner .hass=${this.hass}></llm-hub-update-banner>
        <main>
          <llm-hub-approvals
            .hass=${this.hass}
            .users=${this._users}
            .hubLinks=${!1}
          ></llm-hub-approvals>
        </main>
      `;let[s="hubs",r]=this._parts,i=s==="hub"?"hubs":s;return a`
      <header>
        ${e}
        <div class="title">LLM Hub</div>
        <nav>
          ${fs.map(n=>a`<a
              class=${n===i?"tab active":"tab"}
              href=${`${this._prefix}/${n}`}
              data-tab=${n}
              @click=${N}
              >${l(this.hass,`tabs.${n}`)}</a
            >`)}
        </nav>
      </header>
      <llm-hub-update-banner .hass=${this.hass}></llm-hub-update-banner>
      <main>${this._view(s,r)}</main>
    `}_view(e,s){let r=new URLSearchParams(window.location.search);switch(e){case"hub":return a`<llm-hub-view
          .hass=${this.hass}
          .apiId=${s??""}
          .prefix=${this._prefix}
        ></llm-hub-view>`;case"bench":return a`<llm-hub-bench
          .hass=${this.hass}
          .users=${this._users}
          .apiId=${r.get("api")??""}
          .toolName=${r.get("tool")??""}
        ></llm-hub-bench>`;case"activity":return a`<llm-hub-activity .hass=${this.hass} .users=${this._users}></llm-hub-activity>`;case"approvals":return a`<llm-hub-approvals
          .hass=${this.hass}
          .users=${this._users}
          .prefix=${this._prefix}
        ></llm-hub-approvals>`;default:return a`<llm-hub-hubs .hass=${this.hass} .prefix=${this._prefix}></llm-hub-hubs>`}}_toggleMenu(){this.dispatchEvent(new CustomEvent("hass-toggle-menu",{bubbles:!0,composed:!0}))}};O.styles=[E,x`
      :host {
        min-height: 100vh;
        background: var(--primary-background-color);
      }
      header {
        display: flex;
        align-items: center;
        gap: 16px;
        height: var(--header-height, 56px);
        padding: 0 16px;
        background: var(--app-header-background-color, var(--primary-color));
        color: var(--app-header-text-color, var(--text-primary-color, #fff));
        border-bottom: var(--app-header-border-bottom, none);
        position: sticky;
        top: 0;
        z-index: 2;
      }
      .title {
        font-size: 20px;
        margin-right: 16px;
      }
      .menu {
        background: none;
        border: none;
        color: inherit;
        font-size: 20px;
      }
      nav {
        display: flex;
        height: 100%;
        overflow-x: auto;
      }
      .tab {
        display: flex;
        align-items: center;
        padding: 0 14px;
        color: inherit;
        opacity: 0.8;
        border-bottom: 2px solid transparent;
        white-space: nowrap;
      }
      .tab:hover {
        text-decoration: none;
        opacity: 1;
      }
      .tab.active {
        opacity: 1;
        border-bottom-color: currentColor;
      }
      main {
        padding: 16px;
        max-width: 1400px;
        margin: 0 auto;
      }
      :host([narrow]) main {
        padding: 8px;
      }
    `],h([g({attribute:!1})],O.prototype,"hass",2),h([g({type:Boolean,reflect:!0})],O.prototype,"narrow",2),h([g({attribute:!1})],O.prototype,"route",2),h([g({attribute:!1})],O.prototype,"panel",2),h([m()],O.prototype,"_users",2),h([m()],O.prototype,"_words",2),O=h([A("llm-hub-panel")],O)});customElements.get("llm-hub-panel")||Promise.resolve().then(()=>(Lt(),Ft));
/*! Bundled license information:

@lit/reactive-element/css-tag.js:
  (**
   * @license
   * Copyright 2019 Google LLC
   * SPDX-License-Identifier: BSD-3-Clause
   *)

@lit/reactive-element/reactive-element.js:
lit-html/lit-html.js:
lit-element/lit-element.js:
@lit/reactive-element/decorators/custom-element.js:
@lit/reactive-element/decorators/property.js:
@lit/reactive-element/decorators/state.js:
@lit/reactive-element/decorators/event-options.js:
@lit/reactive-element/decorators/base.js:
@lit/reactive-element/decorators/query.js:
@lit/reactive-element/decorators/query-all.js:
@lit/reactive-element/decorators/query-async.js:
@lit/reactive-element/decorators/query-assigned-nodes.js:
  (**
   * @license
   * Copyright 2017 Google LLC
   * SPDX-License-Identifier: BSD-3-Clause
   *)

lit-html/is-server.js:
  (**
   * @license
   * Copyright 2022 Google LLC
   * SPDX-License-Identifier: BSD-3-Clause
   *)

@lit/reactive-element/decorators/query-assigned-elements.js:
  (**
   * @license
   * Copyright 2021 Google LLC
   * SPDX-License-Identifier: BSD-3-Clause
   *)
*/
